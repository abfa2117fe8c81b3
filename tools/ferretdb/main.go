// Command ferretdb runs FerretDB v1 embedded, so the module's own (broken under `go install`)
// version check is skipped. Settings come from the environment.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func env(k, d string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return d
}

func main() {
	listen := env("FERRETDB_LISTEN_ADDR", "127.0.0.1:27017")
	dir := env("FERRETDB_SQLITE_DIR", ".data/ferretdb")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb: cannot create", dir, err)
		os.Exit(1)
	}
	url := "file:" + strings.TrimSuffix(dir, "/") + "/"
	if os.Getenv("FERRETDB_IN_MEMORY") == "1" {
		url += "?mode=memory"
	}
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Handler:   "sqlite",
		SQLiteURL: url,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	fmt.Println("ferretdb listening on", listen, f.MongoDBURI())
	<-done
}
