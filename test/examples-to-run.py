#! /usr/bin/env python3
# Examples test.py runs in-tree (cheap settings); the standalone build runs
# the same programs through CTest (examples/CMakeLists.txt).
#
# A list of C++ examples to run to ensure they remain buildable and runnable:
# (example_name_with_arguments, do_run, do_valgrind_run)
cpp_examples = [
    ("tsq-bad-attribute --attr=InitialPacingShift --value=8", "True", "False"),
    ("tsq-wifi-upload --duration=2 --warmup=0.5", "True", "False"),
    ("tsq-pacing-shift --quick --seeds=1 --duration=1 --warmup=0.5 --shifts=10,8 --plot=0",
     "True", "False"),
    ("tsq-floor --only=3-floor-128K,8-udp --seeds=1 --duration=1 --warmup=0.5 --plot=0",
     "True", "False"),
    ("tsq-cc --only=1-cubic-shift10 --seeds=1 --duration=1 --warmup=0.5 --plot=0",
     "True", "False"),
    ("tsq-kernel-history --rules=3.19,4.15 --seeds=1 --duration=1 --warmup=0.5 --plot=0",
     "True", "False"),
    ("tsq-wired-control --only=1-tsq --seeds=1 --duration=1 --warmup=0.5 --plot=0",
     "True", "False"),
    ("tsq-standards --standards=80211ax --shifts=8 --seeds=1 --duration=1 --warmup=0.5 --plot=0",
     "True", "False"),
    ("tsq-bench --links=p2p --duration=0.5 --warmup=0 --reps=1 --stations=1", "True", "False"),
    ("tsq-ack-timing --duration=0.5 --warmup=0.2 --pingInterval=0 --from=0.6", "True", "False"),
]

# A list of Python examples to run: none.
python_examples = []
