#!/usr/bin/env bash
# Writes the folder to submit to OSS-Fuzz as projects/tanbo/: fuzz/oss-fuzz/{project.yaml,
# Dockerfile,build.sh} with the three values only the maintainer knows filled in (main_repo and
# the Dockerfile's clone URL, primary_contact, homepage), then checks it
# (scripts/check_ci_config.py --project-dir). See fuzz/README.md, "OSS-Fuzz".
#
#   scripts/oss-fuzz-project.sh --main-repo URL --contact EMAIL [--homepage URL] [--out DIR]
# --main-repo  the public https:// git URL OSS-Fuzz clones (default: git remote origin, if https)
# --contact    the maintainer's e-mail address, which receives the bug reports (a Google account)
# --homepage   default: --main-repo without a trailing .git
# --out        default out/oss-fuzz/projects/tanbo
# Exit status: 0 written and checked, 1 the result fails the check, 2 usage error.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="" contact="" homepage="" out="$root/out/oss-fuzz/projects/tanbo"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --main-repo) repo="$2"; shift 2 ;;
    --contact) contact="$2"; shift 2 ;;
    --homepage) homepage="$2"; shift 2 ;;
    --out) out="$(realpath -m "$2")"; shift 2 ;;
    -h|--help) usage ;;
    *) echo "oss-fuzz-project: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [[ -z "$repo" ]]; then
  origin="$(git -C "$root" remote get-url origin 2>/dev/null || true)"
  [[ "$origin" == https://* ]] && repo="$origin"
fi
[[ -n "$repo" ]] || { echo "oss-fuzz-project: give --main-repo https://... (no https origin remote to default to)" >&2; exit 2; }
[[ -n "$contact" ]] || { echo "oss-fuzz-project: give --contact EMAIL (the address OSS-Fuzz sends reports to)" >&2; exit 2; }
[[ -n "$homepage" ]] || homepage="${repo%.git}"
for v in "$repo" "$contact" "$homepage"; do
  [[ "$v" =~ ^[^\"\ ]+$ ]] || { echo "oss-fuzz-project: '$v' contains a space or a quote" >&2; exit 2; }
done

mkdir -p "$out"
{
  echo "homepage: \"$homepage\""
  echo "main_repo: \"$repo\""
  echo "primary_contact: \"$contact\""
  grep -v '^#' "$root/fuzz/oss-fuzz/project.yaml"
} >"$out/project.yaml"
sed "s|^ARG TANBO_MAIN_REPO\$|ARG TANBO_MAIN_REPO=$repo|" "$root/fuzz/oss-fuzz/Dockerfile" >"$out/Dockerfile"
cp "$root/fuzz/oss-fuzz/build.sh" "$out/build.sh"

python=python3
python3 -c 'import yaml' 2>/dev/null || python=/usr/bin/python3
if ! "$python" "$root/scripts/check_ci_config.py" --project-dir "$out"; then
  echo "oss-fuzz-project: $out fails the check (above)" >&2; exit 1
fi
echo "oss-fuzz-project: wrote $out (project.yaml, Dockerfile, build.sh); copy it to projects/tanbo/ of the oss-fuzz repository"
