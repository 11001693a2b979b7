"""rdmacts harness: runs the conformance corpus against an implementation
and writes the certification report.  Entry point: `python3 -m harness`."""
