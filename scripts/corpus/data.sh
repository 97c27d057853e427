# Sourced by scripts/corpus.sh: JSON that real CLIs on this machine print
# (go, ip, lsblk, findmnt, lscpu, npm, docker), JSON files an agent cats, and
# text that is neither a log nor a listing nor source: certificates, config
# files, CSV, hex dumps, settings dumps.

section_data() {
	local s
	jstools
	cd "$W/src/godeps"
	go mod download >/dev/null 2>&1 # not captured: go list would say what it downloads

	# GOPROXY and GOSUMDB off, so that the output names no registry host.
	# $ GOPROXY=off GOSUMDB=off go env -json
	GOPROXY=off GOSUMDB=off go env -json >"$(o json-go-env)" 2>&1
	s=$(o json-go-env)
	jq -r 'to_entries[] | select(.key | test("^GO(ARCH|OS|ROOT|VERSION|TOOLCHAIN|FLAGS|MOD|PROXY)$")) | "\"\(.key)\": "' "$s" | needles json-go-env

	# $ cd godeps && go list -deps -json ./...
	go list -deps -json ./... >"$(o json-go-list-deps)" 2>&1
	s=$(o json-go-list-deps)
	{
		jq -r 'select(.Module) | "\"ImportPath\": \"\(.ImportPath)\""' "$s" | $PY spread /dev/stdin . 12
		jq -r 'select(.Module == null and .Standard != true) | "\"ImportPath\": \"\(.ImportPath)\""' "$s"
		echo '"Module": {'
		echo '"Standard": true'
	} | needles json-go-list-deps

	cd "$W"
	# $ docker version --format json   (no daemon here)
	docker version --format json >"$(o json-docker-version-no-daemon)" 2>&1 || true
	s=$(o json-docker-version-no-daemon)
	{
		echo '"Server":null'
		g -oE '"(Version|ApiVersion|GoVersion|Os|Arch)":"[^"]*"' "$s" | first 5
		g -E '^Cannot connect to the Docker daemon' "$s"
	} | needles json-docker-version-no-daemon

	# $ ip -j -s addr
	ip -j -s addr >"$(o json-ip-addr)" 2>&1
	s=$(o json-ip-addr)
	{
		jq -r '.[] | "\"ifname\":\"\(.ifname)\""' "$s"
		jq -r '.[].addr_info[] | "\"local\":\"\(.local)\""' "$s"
		echo '"operstate":'
	} | needles json-ip-addr

	# $ lsblk -J -O
	lsblk -J -O >"$(o json-lsblk)" 2>&1
	s=$(o json-lsblk)
	{
		echo '"blockdevices": ['
		jq -r '.. | objects | select(has("name") and has("type")) | "\"name\": \"\(.name)\""' "$s" | first 12
		jq -r '.blockdevices[0] | keys[] | "\"\(.)\": "' "$s" | first 8
	} | needles json-lsblk

	# $ findmnt -J
	findmnt -J >"$(o json-findmnt)" 2>&1
	s=$(o json-findmnt)
	{
		echo '"filesystems": ['
		jq -r '.. | objects | select(has("target")) | "\"target\": \"\(.target)\""' "$s" | $PY spread /dev/stdin . 16
		jq -r '[.. | objects | select(has("fstype")) | .fstype] | unique[] | "\"fstype\": \"\(.)\""' "$s" | first 10
	} | needles json-findmnt

	# $ lscpu -J
	lscpu -J >"$(o json-lscpu)" 2>&1
	s=$(o json-lscpu)
	jq -r '.lscpu[] | "\"field\": \"\(.field)\""' "$s" | $PY spread /dev/stdin . 20 | needles json-lscpu

	# $ cat node_modules/typescript/lib/de/diagnosticMessages.generated.json
	cat "$W/jstools/node_modules/typescript/lib/de/diagnosticMessages.generated.json" >"$(o json-cat-flat-object)" 2>&1
	s=$(o json-cat-flat-object)
	# 1,900 messages: a view can name the first and the last, not those between
	{
		jq -r 'keys_unsorted[] | "\"\(.)\": "' "$s" | first 4
		jq -r 'keys_unsorted[] | "\"\(.)\": "' "$s" | tail -2
	} | needles json-cat-flat-object

	# $ cat node_modules/typescript/package.json
	cat "$W/jstools/node_modules/typescript/package.json" >"$(o json-cat-package-json)" 2>&1
	s=$(o json-cat-package-json)
	jq -r 'keys[] | "\"\(.)\": "' "$s" | needles json-cat-package-json

	# Text.
	# $ openssl x509 -in /etc/ssl/certs/ISRG_Root_X1.pem -text -noout
	openssl x509 -in /etc/ssl/certs/ISRG_Root_X1.pem -text -noout >"$(o text-openssl-x509)" 2>&1
	s=$(o text-openssl-x509)
	g -E '^ +(Version|Serial Number|Signature Algorithm|Issuer|Not Before|Not After|Subject|Public-Key|X509v3 [A-Za-z ]+):' "$s" |
		cut -c1-80 | needles text-openssl-x509

	# $ cat /proc/cpuinfo
	cat /proc/cpuinfo >"$(o text-proc-cpuinfo)" 2>&1
	s=$(o text-proc-cpuinfo)
	g -E '^(processor|model name|cpu cores|flags)' "$s" | cut -c1-60 | sort -u | needles text-proc-cpuinfo

	# $ sysctl -a
	sysctl -a >"$(o text-sysctl-a)" 2>&1 || true
	s=$(o text-sysctl-a)
	{
		g -E '^(kernel\.(ostype|osrelease|hostname|pid_max|threads-max)|vm\.(swappiness|overcommit_memory)|net\.core\.somaxconn|fs\.file-max) = ' "$s"
		cut -d. -f1 "$s" | sort -u | g -E '^[a-z]+$' | sed 's/$/./'
		$PY spread "$s" . 8
	} | needles text-sysctl-a

	# $ java -XshowSettings:all -version
	java -XshowSettings:all -version >"$(o text-java-settings)" 2>&1
	s=$(o text-java-settings)
	{
		g -E '^[A-Z][a-z ]+ settings:$|^Property settings:$' "$s"
		g -E '^ +(java\.version|java\.home|os\.name|file\.encoding|user\.dir) = ' "$s"
		g -E '^(openjdk|OpenJDK)' "$s"
	} | needles text-java-settings

	# $ xxd /usr/local/go/src/image/testdata/video-001.png
	xxd "$G/image/testdata/video-001.png" >"$(o text-xxd-png)" 2>&1
	s=$(o text-xxd-png)
	{
		head -2 "$s"
		tail -2 "$s"
		g -E 'IDAT|IEND' "$s" | first 2
	} | needles text-xxd-png

	# $ cat /etc/ssl/openssl.cnf
	cat /etc/ssl/openssl.cnf >"$(o text-cat-config)" 2>&1
	s=$(o text-cat-config)
	g -E '^\[ *[a-z_]+ *\]' "$s" | needles text-cat-config

	# $ cat /usr/share/distro-info/ubuntu.csv
	cat /usr/share/distro-info/ubuntu.csv >"$(o text-cat-csv)" 2>&1
	s=$(o text-cat-csv)
	{
		head -1 "$s"
		$PY spread "$s" . 12 | cut -d, -f1-3
	} | needles text-cat-csv

	# $ readelf -S -W /usr/local/go/bin/gofmt
	readelf -S -W "$(go env GOROOT)/bin/gofmt" >"$(o text-readelf-sections)" 2>&1
	s=$(o text-readelf-sections)
	{
		g -oE '\] \.[a-z_.]+' "$s" | sed 's/^\] //'
		g -E '^There are [0-9]+ section headers' "$s"
	} | needles text-readelf-sections

	# $ GOPROXY=off GOSUMDB=off go env
	GOPROXY=off GOSUMDB=off go env >"$(o text-go-env)" 2>&1
	g -E "^GO(ARCH|OS|ROOT|VERSION|FLAGS)=" "$(o text-go-env)" | needles text-go-env
}
