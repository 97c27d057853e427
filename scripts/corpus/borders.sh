# Sourced by scripts/corpus.sh: output near the borders between shapes,
# which the sniffer must tell apart: lists of files with counts or
# checksums (text, not listings), and YAML that names a "template:" (text,
# not source code).

section_borders() {
	local s
	cd "$G"

	# $ wc -l $(find encoding -name '*.go' | sort)
	wc -l $(find encoding -name '*.go' | sort) >"$(o text-wc-l-go-encoding)" 2>&1
	s=$(o text-wc-l-go-encoding)
	{
		# the total and the longest files
		sort -rn "$s" | first 8
		$PY spread "$s" . 8
	} | needles text-wc-l-go-encoding

	# $ sha256sum $(find crypto -path '*sha*' -type f | sort)
	sha256sum $(find crypto -path '*sha*' -type f | sort) >"$(o text-sha256sum-go-crypto)" 2>&1
	$PY spread "$(o text-sha256sum-go-crypto)" . 16 | needles text-sha256sum-go-crypto

	# $ cat <google-cloud-sdk>/lib/googlecloudsdk/command_lib/iam/flags.yaml
	s=/usr/lib/google-cloud-sdk/lib/googlecloudsdk/command_lib/iam/flags.yaml
	if [ -f "$s" ]; then
		cat "$s" >"$(o text-cat-yaml-gcloud-flags)" 2>&1
		s=$(o text-cat-yaml-gcloud-flags)
		# the top-level keys
		g -E '^[a-z_]+:$' "$s" | $PY spread /dev/stdin . 16 | needles text-cat-yaml-gcloud-flags
	else
		say "warning: no google-cloud-sdk; skipping text-cat-yaml-gcloud-flags"
	fi
}
