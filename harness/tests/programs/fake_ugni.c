/*
 * fake_ugni: a stand-in libugni.so for the harness's own tests.  It
 * exports the three functions the test vectors list, and an identifier the
 * allpass program checks to prove it loaded this library; and two calls of
 * the extension tier (the test of one of them finds it declined).
 */
int rdmacts_fake_impl_id(void);
void GNI_CdmCreate(void);
void GNI_CqCreate(void);
void GNI_MemRegister(void);
void GNI_CompChanCreate(void);
void GNI_CompChanFd(void);

int rdmacts_fake_impl_id(void) { return 42; }
void GNI_CdmCreate(void) {}
void GNI_CqCreate(void) {}
void GNI_MemRegister(void) {}
void GNI_CompChanCreate(void) {}
void GNI_CompChanFd(void) {}

/* A call that faults inside the library: the crashes program's tests
 * crash here, so that the report groups them by this frame. */
int rdmacts_fake_fault(volatile int *p);
int rdmacts_fake_fault(volatile int *p) { return *p; }

/* A call that answers 0 whatever it is given. */
int rdmacts_fake_rc(int arg);
int rdmacts_fake_rc(int arg) { return arg - arg; }
