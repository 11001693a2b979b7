/*
 * fake_other: the stand-in libdmapp.so and libdat.so of the harness's own
 * tests; FAKE_SYMBOL names the one call each exports.
 */
void FAKE_SYMBOL(void);
void FAKE_SYMBOL(void) {}
