#!/usr/bin/env python3
"""Structural checks of tanbo's CI and fuzzing-infrastructure files, beyond what yamllint and
actionlint see: the workflows the README promises exist and do what they say, the OSS-Fuzz and
ClusterFuzzLite files hold valid values and no placeholders, options and dictionaries parse the
way libFuzzer and ClusterFuzz read them. Called by scripts/check-ci-config.sh.

  check_ci_config.py [--root DIR]              the repository's files
  check_ci_config.py --project-dir DIR         a folder written by scripts/oss-fuzz-project.sh

Prints one line per problem ("file: what is wrong") and exits 1 if there is any.
"""
import argparse
import configparser
import pathlib
import re
import subprocess
import sys

import yaml

PLACEHOLDER = re.compile(r"example\.(org|com|net)|placeholder|\bTODO\b|\bFIXME\b|@[A-Z_]+@|<[a-z-]+>",
                         re.IGNORECASE)
WORKFLOW_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
JOB_KEYS = {"name", "needs", "runs-on", "container", "services", "strategy", "steps", "env", "if",
            "timeout-minutes", "concurrency", "permissions", "outputs", "defaults",
            "continue-on-error", "environment", "uses", "with", "secrets"}
STEP_KEYS = {"name", "id", "if", "uses", "run", "with", "env", "shell", "working-directory",
             "continue-on-error", "timeout-minutes"}
OSS_FUZZ_KEYS = {"homepage", "language", "primary_contact", "main_repo", "auto_ccs", "vendor_ccs",
                 "sanitizers", "fuzzing_engines", "architectures", "help_url", "builds_per_day",
                 "file_github_issue", "coverage_extra_args", "disabled", "labels", "view_restrictions",
                 "selective_unpack", "blackbox", "run_tests", "base_os_version"}
LANGUAGES = {"c", "c++", "go", "rust", "python", "jvm", "swift", "javascript", "ruby"}
SANITIZERS = {"address", "undefined", "memory"}
ENGINES = {"libfuzzer", "afl", "honggfuzz", "centipede"}
# Inputs of ClusterFuzzLite's actions (the union over the action.yml versions of @v1), which
# actionlint does not know: a misspelt one would be ignored silently by GitHub.
CFLITE_INPUTS = {
    "build_fuzzers": {"language", "dry-run", "allowed-broken-targets-percentage", "sanitizer",
                      "project-src-path", "bad-build-check", "storage-repo", "storage-repo-branch",
                      "storage-repo-branch-coverage", "upload-build", "github-token",
                      "keep-unaffected-fuzz-targets", "output-sarif"},
    "run_fuzzers": {"language", "fuzz-seconds", "dry-run", "sanitizer", "mode", "run-fuzzers-mode",
                    "github-token", "storage-repo", "storage-repo-branch", "storage-repo-branch-coverage",
                    "report-unreproducible-crashes", "minimize-crashes", "parallel-fuzzing",
                    "output-sarif", "report-timeouts", "report-ooms"},
}
CFLITE_MODES = {"code-change", "batch", "prune", "coverage"}
CFLITE_SANITIZERS = {"address", "undefined", "memory", "coverage"}
DICT_LINE = re.compile(r'^\s*(#.*)?$|^\s*([A-Za-z0-9_]+\s*=\s*)?"((?:[^"\\]|\\\\|\\"|\\x[0-9A-Fa-f]{2})*)"\s*$')


class Checker:
    def __init__(self, root):
        self.root = pathlib.Path(root)
        self.problems = []

    def fail(self, path, message):
        self.problems.append(f"{path}: {message}")

    def load_yaml(self, rel):
        path = self.root / rel
        if not path.is_file():
            self.fail(rel, "missing")
            return None
        try:
            data = yaml.safe_load(path.read_text())
        except yaml.YAMLError as e:
            self.fail(rel, f"not valid YAML: {e}")
            return None
        if not isinstance(data, dict):
            self.fail(rel, "not a YAML mapping")
            return None
        return data

    def no_placeholders(self, rel, text):
        for n, line in enumerate(text.splitlines(), 1):
            code = line.split("#", 1)[0] if rel.endswith((".yaml", ".yml")) or "Dockerfile" in rel else line
            m = PLACEHOLDER.search(code)
            if m:
                self.fail(f"{rel}:{n}", f"placeholder value '{m.group(0)}'")

    # --- GitHub workflows --------------------------------------------------------------------
    def workflow(self, rel):
        wf = self.load_yaml(rel)
        if wf is None:
            return None
        wf = {("on" if k is True else k): v for k, v in wf.items()}  # YAML 1.1 reads `on` as true
        for key in set(wf) - WORKFLOW_KEYS:
            self.fail(rel, f"unknown top-level key '{key}'")
        for key in ("name", "on", "jobs"):
            if key not in wf:
                self.fail(rel, f"no '{key}'")
        for job_id, job in (wf.get("jobs") or {}).items():
            where = f"{rel}: job {job_id}"
            if not isinstance(job, dict):
                self.fail(where, "not a mapping")
                continue
            for key in set(job) - JOB_KEYS:
                self.fail(where, f"unknown key '{key}'")
            if "uses" not in job and "runs-on" not in job:
                self.fail(where, "no runs-on")
            if "uses" not in job and not job.get("steps"):
                self.fail(where, "no steps")
            for i, step in enumerate(job.get("steps") or [], 1):
                self.step(f"{where}, step {i}", step)
        return wf

    def step(self, where, step):
        if not isinstance(step, dict):
            self.fail(where, "not a mapping")
            return
        for key in set(step) - STEP_KEYS:
            self.fail(where, f"unknown key '{key}'")
        if ("uses" in step) == ("run" in step):
            self.fail(where, "needs exactly one of 'uses' and 'run'")
        if "uses" in step and not re.fullmatch(r"[\w.-]+/[\w./-]+@[\w.-]+|\./[\w./-]+|docker://\S+",
                                               str(step["uses"])):
            self.fail(where, f"'uses: {step['uses']}' is not owner/repo[/path]@ref")
        if "with" in step and "uses" not in step:
            self.fail(where, "'with' without 'uses'")
        m = re.fullmatch(r"google/clusterfuzzlite/actions/(\w+)@\S+", str(step.get("uses", "")))
        if m:
            inputs = step.get("with") or {}
            for key in set(inputs) - CFLITE_INPUTS.get(m.group(1), set()):
                self.fail(where, f"'{key}' is not an input of ClusterFuzzLite's {m.group(1)}")
            mode, san = str(inputs.get("mode", "code-change")), str(inputs.get("sanitizer", "address"))
            if mode not in CFLITE_MODES:
                self.fail(where, f"mode '{mode}' is not one of {sorted(CFLITE_MODES)}")
            if "${{" not in san and san not in CFLITE_SANITIZERS:
                self.fail(where, f"sanitizer '{san}' is not one of {sorted(CFLITE_SANITIZERS)}")
            if m.group(1) == "run_fuzzers" and "github-token" not in inputs:
                self.fail(where, "run_fuzzers needs github-token")

    @staticmethod
    def runs(wf):
        """All run: scripts and uses: actions of a workflow, as one text."""
        parts = []
        for job in (wf.get("jobs") or {}).values():
            parts.append(yaml.safe_dump(job.get("strategy", {})))
            for step in job.get("steps") or []:
                parts.append(str(step.get("run", "")) + "\n" + str(step.get("uses", "")) + "\n" +
                             yaml.safe_dump(step.get("with", {})) + yaml.safe_dump(step.get("env", {})))
        return "\n".join(parts)

    def workflows(self):
        folder = self.root / ".github/workflows"
        files = sorted(folder.glob("*.yml")) + sorted(folder.glob("*.yaml"))
        if not files:
            self.fail(".github/workflows", "no workflow files")
        loaded = {}
        for path in files:
            rel = str(path.relative_to(self.root))
            wf = self.workflow(rel)
            if wf is not None:
                loaded[rel] = wf
        tests = [r for r, wf in loaded.items() if isinstance(wf.get("on"), dict)
                 and {"push", "pull_request"} <= set(wf["on"]) and "scripts/run-tests.sh" in self.runs(wf)]
        if not tests:
            self.fail(".github/workflows", "no workflow runs scripts/run-tests.sh on push and pull_request")
        for rel in tests:
            text = self.runs(loaded[rel])
            for compiler in ("g++", "clang"):
                if compiler not in text:
                    self.fail(rel, f"the test workflow does not run a {compiler} build")
        fuzz = [r for r, wf in loaded.items() if isinstance(wf.get("on"), dict) and "schedule" in wf["on"]
                and "scripts/fuzz.sh run" in self.runs(wf)]
        if not fuzz:
            self.fail(".github/workflows", "no scheduled workflow runs scripts/fuzz.sh run")
        for rel in fuzz:
            text = self.runs(loaded[rel])
            for needle, what in (("--jobs", "libFuzzer fork mode (--jobs)"),
                                 ("actions/cache/restore@", "restoring the corpus (actions/cache/restore)"),
                                 ("actions/cache/save@", "saving the corpus (actions/cache/save)"),
                                 ("fuzz.sh cmin", "corpus minimization (scripts/fuzz.sh cmin)"),
                                 ("fuzz-artifacts", "uploading crashes (build/fuzz/fuzz-artifacts)"),
                                 ("actions/upload-artifact@", "an artifact upload")):
                if needle not in text:
                    self.fail(rel, f"the scheduled fuzzing workflow lacks {what}")
            for spec in loaded[rel]["on"]["schedule"] or []:
                if len(str(spec.get("cron", "")).split()) != 5:
                    self.fail(rel, f"cron '{spec.get('cron')}' does not have 5 fields")
        self.release(loaded)

    def release(self, loaded):
        """The release workflow: on a version tag it checks the tag against the one version,
        builds every artefact users expect and attaches them to a GitHub release."""
        tagged = [r for r, wf in loaded.items() if isinstance(wf.get("on"), dict)
                  and isinstance(wf["on"].get("push"), dict) and "tags" in wf["on"]["push"]]
        if not tagged:
            self.fail(".github/workflows", "no release workflow runs on pushed tags")
        for rel in tagged:
            text = self.runs(loaded[rel])
            for needle, what in (("check_versions.cmake", "the version check (packaging/consumer-tests/check_versions.cmake)"),
                                 ('"$GITHUB_REF_NAME" != "v$version"', "comparing the tag with the version"),
                                 ("CHANGELOG.md", "the CHANGELOG section of the version"),
                                 ("-m build --sdist", "the Python sdist (python3 -m build --sdist)"),
                                 ("pypa/cibuildwheel@", "wheels (pypa/cibuildwheel)"),
                                 ("TANBO_STAGES: js", "the npm tarball (the js stage of scripts/run-tests.sh)"),
                                 ("cpack -G", "the CPack packages (cpack -G)"),
                                 ("gh release create", "attaching the artefacts to a release (gh release create)")):
                if needle not in text:
                    self.fail(rel, f"the release workflow lacks {what}")
            oses = yaml.safe_dump(loaded[rel]).lower()
            for os_name in ("ubuntu", "macos", "windows"):
                if os_name not in oses:
                    self.fail(rel, f"the release workflow builds no wheels on {os_name}")
        pyproject = self.root / "pyproject.toml"
        if tagged and "[tool.cibuildwheel]" not in (pyproject.read_text() if pyproject.exists() else ""):
            self.fail("pyproject.toml", "no [tool.cibuildwheel] configuration for the release wheels")

    # --- OSS-Fuzz and ClusterFuzzLite ----------------------------------------------------------
    def project_yaml(self, rel, generated):
        text = (self.root / rel).read_text() if (self.root / rel).is_file() else ""
        self.no_placeholders(rel, text)
        p = self.load_yaml(rel)
        if p is None:
            return None
        for key in set(p) - OSS_FUZZ_KEYS:
            self.fail(rel, f"unknown OSS-Fuzz key '{key}'")
        if p.get("language") not in LANGUAGES:
            self.fail(rel, f"language '{p.get('language')}' is not one of {sorted(LANGUAGES)}")
        for key, allowed in (("sanitizers", SANITIZERS), ("fuzzing_engines", ENGINES)):
            values = p.get(key, [])
            if not isinstance(values, list) or not values:
                self.fail(rel, f"'{key}' must be a non-empty list")
                continue
            for v in values:
                name = next(iter(v)) if isinstance(v, dict) else v
                if name not in allowed:
                    self.fail(rel, f"{key}: '{name}' is not one of {sorted(allowed)}")
        if generated:
            for key in ("homepage", "main_repo", "primary_contact"):
                if not p.get(key):
                    self.fail(rel, f"no '{key}'")
            if p.get("main_repo") and not re.fullmatch(r"https://\S+", str(p["main_repo"])):
                self.fail(rel, f"main_repo '{p['main_repo']}' is not an https:// URL")
            if p.get("homepage") and not re.fullmatch(r"https?://\S+", str(p["homepage"])):
                self.fail(rel, f"homepage '{p['homepage']}' is not a URL")
            if p.get("primary_contact") and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", str(p["primary_contact"])):
                self.fail(rel, f"primary_contact '{p['primary_contact']}' is not an e-mail address")
        return p

    def dockerfile(self, rel, must_have):
        path = self.root / rel
        if not path.is_file():
            self.fail(rel, "missing")
            return ""
        text = path.read_text()
        self.no_placeholders(rel, text)
        lines = [ln for ln in re.sub(r"\\\n", " ", text).splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        if not lines or not re.match(r"FROM gcr\.io/oss-fuzz-base/base-builder(:\S+)?$", lines[0]):
            self.fail(rel, "the first instruction must be FROM gcr.io/oss-fuzz-base/base-builder")
        known = {"FROM", "RUN", "COPY", "ADD", "WORKDIR", "ENV", "ARG", "LABEL", "USER", "SHELL"}
        for ln in lines:
            if ln.split()[0].upper() not in known:
                self.fail(rel, f"unknown instruction: {ln.strip()[:60]}")
        for pattern, what in must_have:
            if not re.search(pattern, text, re.MULTILINE):
                self.fail(rel, f"lacks {what}")
        return text

    def shell_syntax(self, rel):
        if not (self.root / rel).is_file():
            self.fail(rel, "missing")
            return
        r = subprocess.run(["bash", "-n", str(self.root / rel)], capture_output=True, text=True)
        if r.returncode != 0:
            self.fail(rel, f"bash syntax error: {r.stderr.strip()}")

    def oss_fuzz(self, folder, generated):
        p = self.project_yaml(f"{folder}/project.yaml", generated)
        must = [(r"^COPY build\.sh \$SRC/", "COPY build.sh $SRC/"),
                (r'^RUN git clone .*"\$TANBO_MAIN_REPO" tanbo', "the clone of $TANBO_MAIN_REPO into tanbo"),
                (r"^WORKDIR \$SRC/tanbo", "WORKDIR $SRC/tanbo")]
        text = self.dockerfile(f"{folder}/Dockerfile", must)
        arg = re.search(r"^ARG TANBO_MAIN_REPO(?:=(\S+))?\s*$", text, re.MULTILINE)
        if not arg:
            self.fail(f"{folder}/Dockerfile", "no ARG TANBO_MAIN_REPO")
        elif generated and p is not None and arg.group(1) != p.get("main_repo"):
            self.fail(f"{folder}/Dockerfile", f"clones '{arg.group(1)}', project.yaml's main_repo is '{p.get('main_repo')}'")
        self.shell_syntax(f"{folder}/build.sh")

    def clusterfuzzlite(self):
        p = self.load_yaml(".clusterfuzzlite/project.yaml")
        if p is not None and p.get("language") not in LANGUAGES:
            self.fail(".clusterfuzzlite/project.yaml", f"language '{p.get('language')}' is not valid")
        self.dockerfile(".clusterfuzzlite/Dockerfile", [(r"^COPY \. \$SRC/tanbo", "COPY . $SRC/tanbo"),
                                                        (r"^COPY \.clusterfuzzlite/build\.sh \$SRC/", "COPY .clusterfuzzlite/build.sh $SRC/")])
        self.shell_syntax(".clusterfuzzlite/build.sh")
        build = self.root / ".clusterfuzzlite/build.sh"
        if build.is_file() and "fuzz/oss-fuzz/build.sh" not in build.read_text():
            self.fail(".clusterfuzzlite/build.sh", "does not run fuzz/oss-fuzz/build.sh")

    def options_and_dicts(self):
        targets = re.findall(r"^\s*tanbo_add_fuzz_target\((fuzz_\w+)", (self.root / "fuzz/CMakeLists.txt").read_text(),
                             re.MULTILINE)
        for t in targets:
            rel = f"fuzz/oss-fuzz/options/{t}.options"
            if not (self.root / rel).is_file():
                self.fail(rel, f"missing (options of {t})")
            else:
                ini = configparser.ConfigParser()
                try:
                    ini.read_string((self.root / rel).read_text())
                except configparser.Error as e:
                    self.fail(rel, f"not an INI file: {e}")
                    continue
                if "libfuzzer" not in ini:
                    self.fail(rel, "no [libfuzzer] section")
                for section in ini.sections():
                    for key, value in ini[section].items():
                        if not re.fullmatch(r"-?\d+", value):
                            self.fail(rel, f"[{section}] {key} = '{value}' is not an integer")
            rel = f"fuzz/dict/{t[len('fuzz_'):]}.dict"
            if not (self.root / rel).is_file():
                self.fail(rel, f"missing (dictionary of {t})")
                continue
            for n, line in enumerate((self.root / rel).read_text().splitlines(), 1):
                if not DICT_LINE.match(line):
                    self.fail(f"{rel}:{n}", f"not a dictionary entry: {line[:60]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent)
    ap.add_argument("--project-dir", help="check a folder written by scripts/oss-fuzz-project.sh")
    args = ap.parse_args()
    if args.project_dir:
        c = Checker(args.project_dir)
        c.oss_fuzz(".", generated=True)
    else:
        c = Checker(args.root)
        c.workflows()
        c.oss_fuzz("fuzz/oss-fuzz", generated=False)
        c.clusterfuzzlite()
        c.options_and_dicts()
    for p in c.problems:
        print(p)
    return 1 if c.problems else 0


if __name__ == "__main__":
    sys.exit(main())
