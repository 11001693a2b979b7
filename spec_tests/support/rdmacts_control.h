/*
 * rdmacts_control.h: where a corpus binary finds an API's test-control
 * entry (include/rdmacts_test_control.h, "Where the corpus looks"): in
 * the library that defines the API's calls, through that library's own
 * handle, never by a process-wide search.
 */
#ifndef RDMACTS_CONTROL_H
#define RDMACTS_CONTROL_H

#include "rdmacts_test_control.h"

/*
 * The entry `symbol` (RDMACTS_TEST_CONTROL_<API>_SYMBOL) of the library
 * that defines the code at `code` (a function of the API as this program
 * is bound to it): the library itself or one it needs; else the older
 * name RDMACTS_TEST_CONTROL_SYMBOL when that library itself defines it.
 * NULL when neither.
 */
rdmacts_test_control_fn rt_control_at(const void *code, const char *symbol);

/*
 * The same for the library the dynamic loader binds `first_call` (the
 * API's first call, e.g. "GNI_CdmCreate") to for this program.  NULL when
 * no loaded library defines it.
 */
rdmacts_test_control_fn rt_control_for(const char *first_call,
                                       const char *symbol);

#endif
