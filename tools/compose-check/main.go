// Command compose-check validates a compose file with compose-go, the loader `docker compose config`
// uses (schema, interpolation, merge of anchors), for machines whose docker client has no compose plugin.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	file := "docker-compose.yml"
	if len(os.Args) > 1 {
		file = os.Args[1]
	}
	opts, err := cli.NewProjectOptions([]string{file}, cli.WithOsEnv, cli.WithDotEnv, cli.WithInterpolation(true))
	if err == nil {
		var p interface{ ServiceNames() []string }
		proj, loadErr := opts.LoadProject(context.Background())
		err = loadErr
		if err == nil {
			p = proj
			fmt.Printf("%s is valid: %d services %v\n", file, len(p.ServiceNames()), p.ServiceNames())
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "invalid compose file:", err)
		os.Exit(1)
	}
}
