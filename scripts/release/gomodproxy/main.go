// Command gomodproxy writes a Go module of a release in the layout of a module proxy (the GOPROXY
// protocol), so that `GOPROXY=file://<folder>` serves it to `go get` as a proxy would:
//
//	<folder>/<escaped module path>/@v/list           the versions, one a line
//	<folder>/<escaped module path>/@v/<version>.info {"Version": ..., "Time": ...}
//	<folder>/<escaped module path>/@v/<version>.mod  the module's go.mod
//	<folder>/<escaped module path>/@v/<version>.zip  the module zip, made by golang.org/x/mod/zip
//
// The zip is made by the Go team's own library, with its checks (file names, sizes, no nested
// modules), so its hash is the one `go` computes and records in go.sum.
//
//	go run . -dir sdks/go/svc -module github.com/o/r/sdks/go/svc -version v0.1.0 -time 1700000000 -out release/go
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", "", "the module's folder (holding its go.mod)")
	path := flag.String("module", "", "the module path its go.mod must declare")
	version := flag.String("version", "", "the version, v<semver>")
	epoch := flag.Int64("time", 0, "the version's time, seconds since the epoch")
	out := flag.String("out", "", "the proxy folder to write into")
	flag.Parse()
	if err := run(*dir, *path, *version, *epoch, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gomodproxy: %v\n", err)
		os.Exit(1)
	}
}

func run(dir, path, version string, epoch int64, out string) error {
	if dir == "" || path == "" || out == "" {
		return fmt.Errorf("-dir, -module and -out are required")
	}
	if !semver.IsValid(version) || semver.Canonical(version) != version {
		return fmt.Errorf("-version %q is not a canonical semantic version (v1.2.3)", version)
	}
	mod := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	if declared := modfile.ModulePath(goMod); declared != path {
		return fmt.Errorf("%s/go.mod declares module %q, not %q", dir, declared, path)
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}

	var zipped bytes.Buffer
	if err := zip.CreateFromDir(&zipped, mod, dir); err != nil {
		return fmt.Errorf("zipping %s: %w", dir, err)
	}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{version, time.Unix(epoch, 0).UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{version + ".zip": zipped.Bytes(), version + ".mod": goMod, version + ".info": info} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return err
		}
	}
	return writeList(filepath.Join(at, "list"), version)
}

// writeList adds version to the list of versions the folder serves, in semantic-version order.
func writeList(file, version string) error {
	versions := map[string]bool{version: true}
	if existing, err := os.ReadFile(file); err == nil {
		for _, line := range strings.Fields(string(existing)) {
			versions[line] = true
		}
	} else if !os.IsNotExist(err) {
		return err
	}
	list := make([]string, 0, len(versions))
	for v := range versions {
		list = append(list, v)
	}
	sort.Slice(list, func(i, j int) bool { return semver.Compare(list[i], list[j]) < 0 })
	return os.WriteFile(file, []byte(strings.Join(list, "\n")+"\n"), 0o644)
}
