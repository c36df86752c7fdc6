# CTest tests of the scale-out fuzzing files (label ci-config): scripts/check-ci-config.sh
# checks the GitHub workflows, the OSS-Fuzz and ClusterFuzzLite files, options and
# dictionaries (yamllint, actionlint, structure); --selftest plants one defect at a time and
# requires each to be caught. The OSS-Fuzz build itself (minutes) is in scripts/run-tests.sh's
# fuzz and afl stages (scripts/oss-fuzz-check.sh).
add_test(NAME "ci-config: workflows, OSS-Fuzz and ClusterFuzzLite files"
         COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/check-ci-config.sh)
add_test(NAME "ci-config: planted defects are caught"
         COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/check-ci-config.sh --selftest)
set_tests_properties("ci-config: workflows, OSS-Fuzz and ClusterFuzzLite files"
                     "ci-config: planted defects are caught" PROPERTIES LABELS ci-config TIMEOUT 600)
