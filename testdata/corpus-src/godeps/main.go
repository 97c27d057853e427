// Command reportgen prints a localized report header.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

func main() {
	var lang string
	cmd := &cobra.Command{
		Use: "reportgen",
		RunE: func(cmd *cobra.Command, args []string) error {
			p := message.NewPrinter(language.MustParse(lang))
			p.Printf("%d items\n", 1234567)
			return nil
		},
	}
	cmd.Flags().StringVar(&lang, "lang", "en", "report language")
	if err := cmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
