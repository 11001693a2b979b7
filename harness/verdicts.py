"""Verdicts of a test and the statuses of an API, and how they combine."""

PASS = "PASS"
FAIL = "FAIL"
CRASH = "CRASH"
TIMEOUT = "TIMEOUT"
UNSUPPORTED = "UNSUPPORTED"

# Best to worst: the verdict of a multi-process test is its worst rank's.
ORDER = [PASS, UNSUPPORTED, FAIL, TIMEOUT, CRASH]
# Verdicts that show the implementation breaks a rule.
BROKEN = {FAIL, TIMEOUT, CRASH}


def worst(verdicts):
    return max(verdicts, key=ORDER.index, default=PASS)


# Status of an API, and of the whole certification.
CONFORMANT = "CONFORMANT"
NOT_CONFORMANT = "NOT CONFORMANT"
INCOMPLETE = "INCOMPLETE"
NOT_OFFERED = "NOT OFFERED"
NO_TESTS_SELECTED = "NO TESTS SELECTED"

# The exit status of `certify`, one meaning each (docs/certification.md);
# a run stopped by signal N exits 128 + N.
EXIT_STATUS = {CONFORMANT: 0, NOT_CONFORMANT: 1, INCOMPLETE: 3}
EXIT_USAGE = 2
EXIT_INTERNAL = 4
