/*
 * fake_ugni: a stand-in libugni.so for the harness's own tests.  It
 * exports two of the names the test vectors list, and an identifier the
 * allpass program checks to prove it loaded this library.
 */
int rdmacts_fake_impl_id(void);
void GNI_CdmCreate(void);
void GNI_CqCreate(void);

int rdmacts_fake_impl_id(void) { return 42; }
void GNI_CdmCreate(void) {}
void GNI_CqCreate(void) {}
