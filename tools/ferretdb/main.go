// Command ferretdb runs FerretDB v1 embedded, so the module's own (broken under `go install`)
// version check is skipped. Settings come from the environment.
package main

import (
	"context"
	"fmt"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"runtime/debug"
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
	// Go's collector at its default (GOGC=100) ran a tenth of FerretDB's CPU under the journeys: every
	// command decodes JSON documents into short-lived garbage, and the live heap is small (tens of MB), so
	// letting the heap grow to 5 times it before a collection costs little memory. GOGC set wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// FERRETDB_PPROF_ADDR=127.0.0.1:<port>: Go's profiler on that address, for finding where FerretDB's
	// CPU goes under the bench (go tool pprof http://<addr>/debug/pprof/profile). Off unless set.
	if addr := os.Getenv("FERRETDB_PPROF_ADDR"); addr != "" {
		go func() { fmt.Fprintln(os.Stderr, "ferretdb pprof:", http.ListenAndServe(addr, nil)) }()
	}
	// FERRETDB_HANDLER=postgresql with FERRETDB_POSTGRESQL_URL serves from PostgreSQL instead of SQLite.
	if env("FERRETDB_HANDLER", "sqlite") == "postgresql" {
		run(listen, ferretdb.Config{
			Listener:      ferretdb.ListenerConfig{TCP: listen},
			Handler:       "postgresql",
			PostgreSQLURL: env("FERRETDB_POSTGRESQL_URL", "postgres://127.0.0.1:5432/ferretdb"),
		})
		return
	}
	dir := env("FERRETDB_SQLITE_DIR", ".data/ferretdb")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb: cannot create", dir, err)
		os.Exit(1)
	}
	// Write transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), so concurrent
	// writers wait their turn through FerretDB's busy timeout. With the default deferred transactions a
	// write that read first had to upgrade its lock, and SQLite refuses that at once when another writer
	// got in between: 'database is locked (SQLITE_BUSY)', which the api answered as a 500 (load run:
	// 264 of them with two api replicas and two workers). Reads run outside transactions and never wait.
	//
	// WAL with NORMAL sync (as the stack's Temporal runs): SQLite's default FULL syncs the log on every
	// commit, so each write an api call waits for held it for a disk flush. NORMAL survives a killed
	// process (the resilience suite SIGKILLs it); only a power loss could lose the last commits, and
	// production's MongoDB is not this.
	//
	// The log is merged into the database (a checkpoint: two syncs and a sort of the log's pages) every 10,000
	// pages rather than SQLite's 1,000: the journey's writes touch the same few pages again and again, so a
	// longer log merges each page once for many commits (the checkpoints' syncs and sorts were about 15% of
	// FerretDB's CPU in the bench's stage moves).
	url := "file:" + strings.TrimSuffix(dir, "/") + "/?_txlock=immediate&_pragma=synchronous(normal)" +
		"&_pragma=wal_autocheckpoint(10000)"
	if os.Getenv("FERRETDB_IN_MEMORY") == "1" {
		url += "&mode=memory"
	}
	run(listen, ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Handler:   "sqlite",
		SQLiteURL: url,
	})
}

func run(listen string, config ferretdb.Config) {
	f, err := ferretdb.New(&config)
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
