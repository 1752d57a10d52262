# scripts/setup-languages.sh: step 4 of scripts/setup.sh, which sources it: the language hosts,
# SDK generators and SDK environments of the provider plugin's other languages, each made once and
# again only when what it is made from changes:
#   - YAML: Pulumi's YAML language host (pulumi-language-yaml, pinned below), from Go modules;
#   - Node.js, Go, Python: this project's own language hosts (scripts/language-host, one Go module,
#     three binaries), and Python's program runner copied from the Pulumi SDK's Go module;
#   - Python: a virtual environment with Pulumi's Python SDK from PyPI at the engine's version and
#     the generated SDK (sdks/python), one per Python, engine and SDK sources, under
#     $SVC_TOOLS_DIR/python-envs (exported as SVC_PYTHON_VENV);
#   - Java: Pulumi's Java language host (scripts/language-host-java), and the generated Java SDK
#     (sdks/java) built and installed with Maven into Maven's own repository (~/.m2), with what the
#     Java example needs to run offline;
#   - the SDK generators (scripts/codegen, scripts/codegen-dotnet).
# Functions are prefixed _svc_; setup.sh removes them at its end.

# YAML programs use the provider plugin through Pulumi's YAML language host. v1.25.0 builds against
# the pkg/v3 it pins itself (built against the engine's own pkg/v3 it does not compile), so it is
# installed as its own module; its stamp file says which version the binary is.
_SVC_YAML_VERSION=v1.25.0

_svc_build_yaml() { # _svc_build_yaml BIN
  (
    set -euo pipefail
    bin="$1" ver="$_SVC_YAML_VERSION"
    exec 9>"$bin/.lock"
    flock 9
    if [ -x "$bin/pulumi-language-yaml" ] && [ "$(cat "$bin/pulumi-language-yaml.version" 2>/dev/null)" = "$ver" ]; then exit 0; fi
    command -v go >/dev/null 2>&1 || { echo "setup: ERROR: Go is not installed, and it is needed once to build the YAML language host $ver" >&2; exit 1; }
    echo "setup: building the YAML language host $ver from Go modules (first run only, a few minutes)..." >&2
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    CGO_ENABLED=0 GOBIN="$work" go install -trimpath -tags osusergo -ldflags "-s -w" \
      "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@$ver" >"$work/go.log" 2>&1 \
      || { cat "$work/go.log" >&2; echo "setup: ERROR: could not build github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@$ver (is the Go module proxy reachable?)" >&2; exit 1; }
    mv -f "$work/pulumi-language-yaml" "$bin/pulumi-language-yaml"
    echo "$ver" >"$bin/pulumi-language-yaml.version"
  ) || _svc_fail "could not build the YAML language host into $1 (see the messages above)"
}

# A tool built from a Go module of this repository (SRC, under scripts/): PACKAGE (default the
# module's root) built into BIN under NAME with the engine's flags, again whenever the module's
# sources change (their fingerprint is kept beside it). EXTRA adds -ldflags (a version stamp).
_svc_build_local() { # _svc_build_local BIN NAME SRC VERSION [PACKAGE [EXTRA]]
  (
    set -euo pipefail
    bin="$1" name="$2" src="$3" ver="$4" pkg="${5:-.}" extra="${6:-}"
    exec 9>"$bin/.lock"
    flock 9
    hash="$(_svc_host_src_hash "$src")"
    if [ -x "$bin/$name" ] && [ "$(cat "$bin/$name.src-sha256" 2>/dev/null)" = "$hash" ]; then exit 0; fi
    command -v go >/dev/null 2>&1 || { echo "setup: ERROR: Go is not installed, and it is needed to build $name ($src)" >&2; exit 1; }
    echo "setup: building $name from $src (first run only, a minute or more)..." >&2
    trap 'rm -f "$bin/.$name.partial"' EXIT
    (cd "$src" && _svc_go_build "$ver" "$bin/.$name.partial" "$pkg" "$extra") \
      || { echo "setup: ERROR: could not build $name from $src (is the Go module proxy reachable?)" >&2; exit 1; }
    mv -f "$bin/.$name.partial" "$bin/$name"
    echo "$hash" >"$bin/$name.src-sha256"
  ) || _svc_fail "could not build $2 into $1 (see the messages above)"
}

# Python programs are run by Pulumi's own program runner, pulumi-language-python-exec, which the
# Python language host finds beside itself. PyPI's pulumi package does not ship it; the Pulumi
# SDK's Go module of the engine's release does (python/cmd/), and the host is built from that
# module anyway.
_svc_setup_python_runner() { # _svc_setup_python_runner BIN VERSION
  local bin="$1" ver="$2" dir runner
  dir="$(go mod download -json "github.com/pulumi/pulumi/sdk/v3@v$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')" && [ -n "$dir" ] \
    || _svc_fail "could not download the Go module github.com/pulumi/pulumi/sdk/v3@v$ver (is the Go module proxy reachable?)" || return 1
  runner="$dir/python/cmd/pulumi-language-python-exec"
  [ -f "$runner" ] || _svc_fail "$runner is missing: the Pulumi SDK module v$ver has no Python program runner" || return 1
  cmp -s "$runner" "$bin/pulumi-language-python-exec" && return 0
  install -m 0755 "$runner" "$bin/.pulumi-language-python-exec.partial" \
    && mv -f "$bin/.pulumi-language-python-exec.partial" "$bin/pulumi-language-python-exec" \
    || _svc_fail "could not copy pulumi-language-python-exec into $bin"
}

# The virtual environment of the plugin's Python programs: Pulumi's Python SDK from PyPI at the
# engine's version (Debian's python3 packages are too old for it) and sdks/python, installed from a
# copy (pip builds in the source folder). Named by a fingerprint of the Python version, the engine
# version and the SDK's files, so a changed SDK gets a new one (pip's own cache keeps that quick)
# and worktrees with different SDKs never share one; one unused for 14 days is removed.
_svc_setup_python_env() { # _svc_setup_python_env ROOT TOOLS VERSION; sets SVC_PYTHON_VENV
  local root="$1" tools="$2" ver="$3" pyver key env
  command -v python3 >/dev/null 2>&1 \
    || _svc_fail "python3 is not installed, and the plugin's Python programs need it: install Python >= 3.10 with venv and pip (Debian: apt-get install python3 python3-venv python3-pip)" || return 1
  pyver="$(python3 -c 'import sys; print("%d.%d.%d" % sys.version_info[:3]) if sys.version_info >= (3, 10) else sys.exit(1)')" \
    || _svc_fail "$(command -v python3) is older than 3.10, which Pulumi's Python SDK $ver needs" || return 1
  key="$( { echo "python $pyver pulumi $ver"; (cd "$root/sdks/python" && find . -type f -not -path './build/*' -not -path '*.egg-info/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); } | sha256sum | cut -c1-16)" || return 1
  env="$tools/python-envs/$key"
  if ! [ -f "$env/.complete" ]; then
    (
      set -euo pipefail
      mkdir -p "$tools/python-envs"
      exec 9>"$tools/python-envs/.lock"
      flock 9
      [ -f "$env/.complete" ] && exit 0
      echo "setup: making the Python environment of the plugin's programs (pulumi==$ver from PyPI, sdks/python) in $env..." >&2
      work="$(mktemp -d)"
      # A venv cannot be moved once made: it is made in place, and removed again when anything fails.
      trap 'rm -rf "$work"; [ -f "$env/.complete" ] || rm -rf "$env"' EXIT
      rm -rf "$env"
      python3 -m venv "$env" >&2 \
        || { echo "setup: ERROR: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
      cp -r "$root/sdks/python" "$work/sdk" || exit 1
      "$env/bin/python" -m pip install --disable-pip-version-check --no-input --quiet "pulumi==$ver" "$work/sdk" >&2 \
        || { echo "setup: ERROR: pip could not install pulumi==$ver and sdks/python (is PyPI reachable?)" >&2; exit 1; }
      touch "$env/.complete"
    ) || _svc_fail "could not make the Python environment $env (see the messages above)" || return 1
  fi
  touch "$env/.used"
  find "$tools/python-envs" -mindepth 2 -maxdepth 2 -name .used -mtime +14 2>/dev/null | while read -r used; do rm -rf "$(dirname "$used")"; done
  SVC_PYTHON_VENV="$env"
}

# The generated Java SDK (sdks/java, com.pulumi:svc), built and installed with Maven into Maven's
# own repository, from a copy (Maven writes target/ beside the sources), with what the Java
# example needs besides (its dependencies and plugins), so that the Java language host's
# `mvn compile exec:java` runs offline. Offline (-o) from the second time on; again when the SDK's
# files change (their fingerprint is kept in TOOLS).
_svc_build_java_sdk() { # _svc_build_java_sdk ROOT TOOLS
  local root="$1" tools="$2" hash stamp="$2/java-sdk.src-sha256"
  command -v mvn >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 \
    || _svc_fail "Maven (mvn) or a JDK (javac) is not installed, and the plugin's Java SDK and programs need them: install a JDK >= 11 and Maven (Debian: apt-get install openjdk-17-jdk-headless maven)" || return 1
  [ -f "$root/sdks/java/pom.xml" ] || _svc_fail "$root/sdks/java/pom.xml is missing: npm run gen-sdks writes the Java SDK" || return 1
  hash="$( { find "$root/sdks/java" "$root/examples/plugin-java/pom.xml" -type f -not -path '*/target/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sed "s#$root/##"; } | sha256sum | cut -d' ' -f1)" || return 1
  [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && return 0
  (
    set -euo pipefail
    exec 9>"$tools/.java.lock"
    flock 9
    [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && exit 0
    echo "setup: building the Java SDK (sdks/java) with Maven and installing it into Maven's repository..." >&2
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    # (set -e is off in a subshell whose status is tested: each step checks its own.)
    cp -r "$root/sdks/java" "$work/sdk" && cp "$root/examples/plugin-java/pom.xml" "$work/example.xml" || exit 1
    maven() { mvn -B -q -o "$@" >"$work/mvn.log" 2>&1 || { echo "setup: (Maven's repository lacks something: fetching it)" >&2; mvn -B -q "$@" >"$work/mvn.log" 2>&1; }; }
    maven -f "$work/sdk/pom.xml" install -DskipTests \
      || { cat "$work/mvn.log" >&2; echo "setup: ERROR: Maven could not build sdks/java (is Maven Central reachable?)" >&2; exit 1; }
    maven -f "$work/example.xml" dependency:go-offline \
      || { cat "$work/mvn.log" >&2; echo "setup: ERROR: Maven could not fetch what examples/plugin-java needs (is Maven Central reachable?)" >&2; exit 1; }
    echo "$hash" >"$stamp"
  ) || _svc_fail "could not build the Java SDK (see the messages above)"
}

# Where this repository's build of the language host NAME goes: the engine's folder (which the
# engine prefers) when the engine is our own; else beside the other tools, unless the official
# installation has its own (then nothing, and nothing is built).
_svc_host_dir() { # _svc_host_dir TOOLS BIN TOOLDIR VERSION NAME
  if [ "$2" = "$1/pulumi-v$4" ]; then
    echo "$2"
  elif ! [ -x "$2/$5" ]; then
    echo "$3"
  fi
}

_svc_setup_languages() { # _svc_setup_languages ROOT TOOLS BIN VERSION
  local root="$1" tools="$2" bin="$3" ver="$4" tooldir="$2/svc-tools" hosts="$1/scripts/language-host" java="$1/scripts/language-host-java" dir javaver
  case "$bin" in
    "$tools"/*) _svc_build_yaml "$bin" || return 1 ;;
    *) [ -x "$bin/pulumi-language-yaml" ] || _svc_fail "$bin/pulumi has no pulumi-language-yaml beside it: install Pulumi's YAML language host there, or set SVC_TOOLS_DIR and take pulumi off PATH" || return 1 ;;
  esac
  mkdir -p "$tooldir" || return 1
  dir="$(_svc_host_dir "$tools" "$bin" "$tooldir" "$ver" pulumi-language-go)"
  [ -z "$dir" ] || _svc_build_local "$dir" pulumi-language-go "$hosts" "$ver" ./golang || return 1
  dir="$(_svc_host_dir "$tools" "$bin" "$tooldir" "$ver" pulumi-language-python)"
  if [ -n "$dir" ]; then
    _svc_build_local "$dir" pulumi-language-python "$hosts" "$ver" ./python && _svc_setup_python_runner "$dir" "$ver" || return 1
  fi
  dir="$(_svc_host_dir "$tools" "$bin" "$tooldir" "$ver" pulumi-language-java)"
  javaver="$(sed -n 's#^require github.com/pulumi/pulumi-java/pkg v\([^ ]*\).*#\1#p' "$java/go.mod")"
  [ -z "$dir" ] || _svc_build_local "$dir" pulumi-language-java "$java" "$ver" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java \
    "-X github.com/pulumi/pulumi-java/pkg/version.Version=$javaver" || return 1
  _svc_build_local "$tooldir" svc-codegen "$root/scripts/codegen" "$ver" || return 1
  _svc_build_local "$tooldir" svc-codegen-dotnet "$root/scripts/codegen-dotnet" "$ver" || return 1
  _svc_path_prepend "$tooldir"
  _svc_setup_python_env "$root" "$tools" "$ver" || return 1
  _svc_build_java_sdk "$root" "$tools" || return 1
}
