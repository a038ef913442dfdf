# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# For waf-based ns-3 trees (<= 3.35). UNTESTED: ns-3 3.37 (CMake) is the
# tested version, and trees older than 3.37 also need API guards (WifiMpdu
# was WifiMacQueueItem before 3.37). test/check-wscript.sh, run by
# 'make check', keeps the lists below equal to CMakeLists.txt's.


def configure(conf):
    # experiment/tsq-results-db.cc and experiment/tsq-flent-writer.cc: SQLite,
    # zlib (the experiment module only; the model module links neither)
    conf.check_cfg(package='sqlite3', uselib_store='SQLITE3',
                   args=['--cflags', '--libs'], mandatory=True)
    conf.check_cc(lib='z', header_name='zlib.h', uselib_store='ZLIB',
                  mandatory=True)


def build(bld):
    module = bld.create_ns3_module('tsq', [
        'core', 'network', 'internet', 'internet-apps', 'wifi',
        'applications', 'mobility', 'propagation', 'flow-monitor',
        'traffic-control', 'stats', 'point-to-point', 'csma'])
    module.includes = ['c-core/include']
    module.source = [
        'model/tsq-core-clock.cc',
        'model/tsq-core-names.cc',
        'model/tsq-tag.cc',
        'model/tsq-socket-registry.cc',
        'model/tsq-cwnd-validation-ops.cc',
        'model/tsq-wrapped-congestion-ops.cc',
        'model/tsq-hystart-ops.cc',
        'model/tsq-rtt-sample-estimator.cc',
        'model/tsq-rate-ops.cc',
        'model/tsq-rate-ops-tap.cc',
        'model/tsq-kernel-config.cc',
        'model/tsq-tcp-socket.cc',
        'model/tsq-tcp-socket-attributes.cc',
        'model/tsq-tcp-socket-rtt.cc',
        'model/tsq-tcp-socket-factory.cc',
        'model/tsq-tx-completion.cc',
        'model/tsq-netif-schedule.cc',
        'model/tsq-wifi-completion.cc',
        'model/tsq-wifi-mpdu-table.cc',
        'model/tsq-ampdu-stats.cc',
        'model/tsq-wifi-queue-scheduler.cc',
        'model/wifi-tsq-adapter.cc',
        'helper/tsq-helper.cc',
        'c-core/src/list.c',
        'c-core/src/rules.c',
        'c-core/src/sock.c',
        'c-core/src/pacing.c',
        'c-core/src/tso.c',
        'c-core/src/cwnd.c',
        'c-core/src/profile.c',
        'c-core/src/forms.c',
        'c-core/src/ampdu.c',
        'c-core/src/completion.c',
        'c-core/src/rate.c',
        'c-core/src/rtt.c',
        'c-core/src/gate.c',
        'c-core/src/hystart.c',
        'c-core/src/xmit.c',
        'c-core/src/txtime.c',
        'c-core/src/edca.c',
        'c-core/src/ath9k.c',
        'c-core/src/edca_gate.c',
    ]

    # The experiment machinery (scenario builders, run loop, results
    # database, Flent writer, live-kernel twin): its own module, so the
    # model module links neither SQLite nor zlib and never forks.
    experiment = bld.create_ns3_module('tsq-experiment', ['tsq'])
    experiment.includes = ['c-core/include']
    experiment.use.extend(['SQLITE3', 'ZLIB'])
    experiment.defines = ['TSQ_MODULE_VERSION="0.1.0"',
                          'TSQ_NS3_VERSION="%s"' % bld.env.VERSION]
    # The scripts of the data folder are not copied by this build: set
    # TSQ_DATA_DIR to a folder holding experiment/tsq-plot.sh,
    # utils/tsq-merge.sh, utils/tsq-sweep*.sh and live-kernel/tsq-live-run.sh.
    experiment.source = [
        'experiment/wifi-uplink-config.cc',
        'experiment/wifi-uplink-options.cc',
        'experiment/tsq-option-table.cc',
        'experiment/wifi-uplink-record.cc',
        'experiment/wifi-uplink-result.cc',
        'experiment/wifi-uplink-scenario.cc',
        'experiment/wifi-uplink-window.cc',
        'experiment/tsq-results-db.cc',
        'experiment/tsq-sha256.cc',
        'experiment/tsq-flent-writer.cc',
        'experiment/tsq-job-runner.cc',
        'experiment/tsq-experiment.cc',
        'experiment/tsq-experiment-plot.cc',
        'experiment/tsq-experiment-runs.cc',
        'experiment/tsq-table.cc',
        'experiment/tsq-data-dir.cc',
        'experiment/tsq-batch-means.cc',
        'experiment/tsq-live-kernel.cc',
        'experiment/tsq-live-twin.cc',
        'experiment/tsq-attribute-defaults.cc',
        'experiment/tsq-command-line.cc',
        'experiment/tsq-data-error-model.cc',
        'experiment/tsq-gate-queue-disc.cc',
        'experiment/tsq-slot-gate.cc',
        'experiment/tsq-edca-gate.cc',
    ]

    experiment_hdr = bld(features='ns3header')
    experiment_hdr.module = 'tsq-experiment'
    experiment_hdr.source = [
        'experiment/tsq-option-check.h',
        'experiment/tsq-option-table.h',
        'experiment/wifi-uplink-config.h',
        'experiment/wifi-uplink-result.h',
        'experiment/wifi-uplink-record.h',
        'experiment/wifi-uplink-scenario.h',
        'experiment/tsq-results-db.h',
        'experiment/tsq-sha256.h',
        'experiment/tsq-flent-writer.h',
        'experiment/tsq-job-runner.h',
        'experiment/tsq-experiment.h',
        'experiment/tsq-table.h',
        'experiment/tsq-data-dir.h',
        'experiment/tsq-batch-means.h',
        'experiment/tsq-live-twin.h',
        'experiment/tsq-attribute-defaults.h',
        'experiment/tsq-command-line.h',
        'experiment/tsq-data-error-model.h',
        'experiment/tsq-gate-queue-disc.h',
        'experiment/tsq-slot-gate.h',
        'experiment/tsq-edca-gate.h',
    ]

    module_test = bld.create_ns3_module_test_library('tsq')
    module_test.includes = ['c-core/include']
    module_test.use.append('ns3-tsq-experiment')  # the tsq-results suite
    module_test.source = [
        'test/tsq-socket-test-suite.cc',
        'test/tsq-build-test-suite.cc',
        'test/tsq-wired-test-suite.cc',
        'test/tsq-wifi-test-suite.cc',
        'test/tsq-balance-test-suite.cc',
        'test/tsq-results-test-suite.cc',
        'test/tsq-rate-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'tsq'
    headers.source = [
        'model/tsq-core-clock.h',
        'model/tsq-core-names.h',
        'model/tsq-tag.h',
        'model/tsq-socket-registry.h',
        'model/tsq-cwnd-validation-ops.h',
        'model/tsq-wrapped-congestion-ops.h',
        'model/tsq-hystart-ops.h',
        'model/tsq-rtt-sample-estimator.h',
        'model/tsq-rate-ops.h',
        'model/tsq-rate-ops-tap.h',
        'model/tsq-kernel-config.h',
        'model/tsq-ns3-compat.h',
        'model/tsq-tcp-socket.h',
        'model/tsq-tcp-socket-factory.h',
        'model/tsq-tx-completion.h',
        'model/tsq-netif-schedule.h',
        'model/tsq-wifi-completion.h',
        'model/tsq-wifi-mpdu-table.h',
        'model/tsq-ampdu-stats.h',
        'model/tsq-wifi-queue-scheduler.h',
        'model/wifi-tsq-adapter.h',
        'helper/tsq-helper.h',
    ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
