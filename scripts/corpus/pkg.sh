# Sourced by scripts/corpus.sh: package managers: npm, yarn, apt, dpkg, pip,
# mvn (offline: Maven Central is out of reach, so Maven fails to resolve its
# plugins, as it does behind a broken mirror) and cargo offline.

section_pkg() {
	local s p
	jstools
	local bin=$W/jstools/node_modules/.bin

	# An application pinned to old versions.
	p=$W/legacy-app
	mkdir -p "$p"
	cd "$p"
	printf '{\n  "name": "legacy-app",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": {\n    "request": "2.88.2",\n    "lodash": "4.17.15",\n    "minimist": "1.2.5",\n    "express": "4.17.1",\n    "moment": "2.29.1",\n    "node-fetch": "2.6.0",\n    "axios": "0.21.1"\n  }\n}\n' >package.json
	npm install --no-progress >/dev/null 2>&1

	# $ npm outdated
	npm outdated >"$(o listing-npm-outdated)" 2>&1 || true
	s=$(o listing-npm-outdated)
	{
		head -1 "$s"
		g -oE '^[a-z-]+ +[0-9.]+ +[0-9.]+ +[0-9.]+' "$s"
	} | needles listing-npm-outdated

	# $ npm outdated --json
	npm outdated --json >"$(o json-npm-outdated)" 2>&1 || true
	s=$(o json-npm-outdated)
	{
		jq -r 'to_entries[] | "\"\(.key)\": {"' "$s"
		jq -r 'to_entries[] | "\"latest\": \"\(.value.latest)\""' "$s"
	} | needles json-npm-outdated

	# $ npm ls --all
	npm ls --all >"$(o listing-npm-ls-all)" 2>&1 || true
	s=$(o listing-npm-ls-all)
	{
		head -1 "$s"
		# the direct dependencies, then packages spread over the tree
		g -E '^[├└]── ' "$s" | sed -E 's/^[├└]── //'
		g -E '^[│ ]+[├└]' "$s" | sed -E 's/^[│ ├└─┬]+//; s/ deduped$//' | sort -u | $PY spread /dev/stdin . 12
	} | needles listing-npm-ls-all

	# $ npm ls --all --long --json
	npm ls --all --long --json >"$(o json-npm-ls-long)" 2>&1 || true
	s=$(o json-npm-ls-long)
	{
		echo '"dependencies": {'
		jq -r '.dependencies | keys[] | "\"\(.)\": {"' "$s"
		jq -r '.dependencies | to_entries[] | "\"version\": \"\(.value.version)\""' "$s" | first 4
		echo '"_dependencies": {'
	} | needles json-npm-ls-long

	# $ npm install react@18.3.1 react-dom@17.0.2   (peer dependencies that conflict)
	mkdir -p "$W/peer-conflict" && cd "$W/peer-conflict"
	printf '{"name":"peer-conflict","version":"1.0.0","private":true}\n' >package.json
	npm install --no-progress react@18.3.1 react-dom@17.0.2 >"$(o log-npm-install-eresolve)" 2>&1 || true
	s=$(o log-npm-install-eresolve)
	{
		g -E '^npm error (code|ERESOLVE|Found|Could not resolve|peer|Fix the upstream)' "$s" | cut -c1-100
	} | needles log-npm-install-eresolve

	# $ cd node_modules/express && npm pack --dry-run
	cd "$W/jstools/node_modules/express"
	npm pack --dry-run >"$(o listing-npm-pack-dry-run)" 2>&1
	s=$(o listing-npm-pack-dry-run)
	{
		g -E 'Tarball (Contents|Details)' "$s"
		g -E 'npm notice (name|version|filename|total files):' "$s"
		g -oE '[0-9.]+k?B +lib/[a-z/]+\.js' "$s" | $PY spread /dev/stdin . 6
	} | needles listing-npm-pack-dry-run

	# yarn (classic) on the same application.
	mkdir -p "$W/legacy-yarn" && cd "$W/legacy-yarn"
	cp "$p/package.json" .
	# $ yarn install
	YARN_CACHE_FOLDER=$W/yarn-cache "$bin/yarn" install --no-progress --non-interactive >"$(o log-yarn-install)" 2>&1
	s=$(o log-yarn-install)
	g -E '^(yarn install|info|warning|success|Done|\[[0-9]/4\])' "$s" | sed -E 's/ in [0-9.]+s\.$//' | needles log-yarn-install

	# $ yarn list
	YARN_CACHE_FOLDER=$W/yarn-cache "$bin/yarn" list --no-progress >"$(o listing-yarn-list)" 2>&1
	s=$(o listing-yarn-list)
	{
		g -E '^[├└]─ ' "$s" | sed -E 's/^[├└]─ //' | $PY spread /dev/stdin . 20
	} | needles listing-yarn-list

	# $ yarn add left-pad@99.0.0
	YARN_CACHE_FOLDER=$W/yarn-cache "$bin/yarn" add --no-progress --non-interactive left-pad@99.0.0 >"$(o log-yarn-add-no-such-version)" 2>&1 || true
	s=$(o log-yarn-add-no-such-version)
	g -E '^(yarn add|error|info Visit|\[[0-9]/4\])' "$s" | needles log-yarn-add-no-such-version

	# apt and dpkg.
	apt_update
	cd "$W"
	# $ apt-get remove -s python3
	apt-get remove -s python3 >"$(o log-apt-get-remove-simulate)" 2>&1
	s=$(o log-apt-get-remove-simulate)
	{
		g -E '^The following packages will be REMOVED' "$s"
		g -E ' to remove and ' "$s"
		$PY spread "$s" '^Remv ' 10 | awk '{print $1, $2}'
	} | needles log-apt-get-remove-simulate

	# $ apt-cache show git gcc-12 python3.11 openssh-client
	apt-cache show git gcc-12 python3.11 openssh-client >"$(o text-apt-cache-show)" 2>&1
	s=$(o text-apt-cache-show)
	{
		g -E '^(Package|Version|Depends|Description(-en)?): ' "$s" | cut -c1-80 | sort -u | first 30
	} | needles text-apt-cache-show

	# $ apt-cache rdepends zlib1g
	apt-cache rdepends zlib1g >"$(o listing-apt-cache-rdepends)" 2>&1
	s=$(o listing-apt-cache-rdepends)
	{
		head -2 "$s"
		$PY spread "$s" '^  ' 16
	} | needles listing-apt-cache-rdepends

	# $ apt list --installed
	apt list --installed >"$(o listing-apt-list-installed)" 2>&1
	s=$(o listing-apt-list-installed)
	{
		g -E '^WARNING: ' "$s"
		g -E '^(git|gcc-12|python3.11|cmake|clang-14|ripgrep|tree|nodejs|openjdk-17-jdk-headless|maven)/' "$s" | cut -d' ' -f1,2
		$PY spread "$s" '\[installed' 10 | cut -d/ -f1
	} | needles listing-apt-list-installed

	# $ dpkg -L git
	dpkg -L git >"$(o listing-dpkg-L-git)" 2>&1
	$PY dirs "$(o listing-dpkg-L-git)" 16 12 | needles listing-dpkg-L-git

	# $ dpkg -L libc6
	dpkg -L libc6 >"$(o listing-dpkg-L-libc6)" 2>&1
	$PY dirs "$(o listing-dpkg-L-libc6)" 12 12 | needles listing-dpkg-L-libc6

	# $ dpkg -s libc6 bash coreutils git cmake
	dpkg -s libc6 bash coreutils git cmake >"$(o text-dpkg-s-status)" 2>&1
	s=$(o text-dpkg-s-status)
	g -E '^(Package|Status|Version|Depends|Pre-Depends|Description): ' "$s" | cut -c1-80 | needles text-dpkg-s-status

	# $ dpkg-query -W -f='${Installed-Size}\t${Package}\t${Version}\n' | sort -rn
	dpkg-query -W -f='${Installed-Size}\t${Package}\t${Version}\n' | sort -rn >"$(o listing-dpkg-query-sizes)" 2>&1
	s=$(o listing-dpkg-query-sizes)
	{
		head -12 "$s"
		$PY spread "$s" . 10
	} | needles listing-dpkg-query-sizes

	# pip, from the Python on PATH (pyenv's here).
	# $ pip list
	pip list --disable-pip-version-check >"$(o listing-pip-list)" 2>&1
	s=$(o listing-pip-list)
	{
		head -1 "$s"
		$PY spread "$s" '^[A-Za-z]' 16 | awk '{print $1}'
	} | needles listing-pip-list

	# $ pip list --format json
	pip list --disable-pip-version-check --format json >"$(o json-pip-list)" 2>&1
	s=$(o json-pip-list)
	jq -r '.[] | "{\"name\": \"\(.name)\", \"version\": \"\(.version)\"}"' "$s" | $PY spread /dev/stdin . 12 | needles json-pip-list

	# $ pip show -f pip
	pip show -f pip >"$(o listing-pip-show-files)" 2>&1
	s=$(o listing-pip-show-files)
	{
		g -E '^(Name|Version|Location|Files):' "$s"
		g -E '^  ' "$s" | $PY dirs /dev/stdin 10 8
	} | needles listing-pip-show-files

	# Maven, offline behind a mirror that has nothing: the plugins do not
	# resolve. The profile points central at the scratch directory too, so
	# that no log names Maven Central's host.
	mkdir -p "$W/m2/mirror"
	cat >"$W/m2/settings.xml" <<-EOF
		<settings>
		  <localRepository>$W/m2/repository</localRepository>
		  <mirrors>
		    <mirror><id>company-mirror</id><mirrorOf>*</mirrorOf><url>file://$W/m2/mirror</url></mirror>
		  </mirrors>
		  <profiles>
		    <profile>
		      <id>company</id>
		      <repositories><repository><id>central</id><url>file://$W/m2/central</url></repository></repositories>
		      <pluginRepositories><pluginRepository><id>central</id><url>file://$W/m2/central</url></pluginRepository></pluginRepositories>
		    </profile>
		  </profiles>
		  <activeProfiles><activeProfile>company</activeProfile></activeProfiles>
		</settings>
	EOF
	cd "$W/src/javaapp"
	# $ cd javaapp && mvn -B -s settings.xml package
	mvn -B -s "$W/m2/settings.xml" package >"$(o log-mvn-plugin-unresolved)" 2>&1 || true
	s=$(o log-mvn-plugin-unresolved)
	g -E '^\[(ERROR|WARNING)\] [A-Z]|BUILD FAILURE|^\[INFO\] Building ' "$s" | cut -c1-110 | needles log-mvn-plugin-unresolved

	# $ cd javaapp && mvn -B -X -s settings.xml package
	mvn -B -X -s "$W/m2/settings.xml" package >"$(o log-mvn-debug-plugin-unresolved)" 2>&1 || true
	s=$(o log-mvn-debug-plugin-unresolved)
	{
		g -E '^\[ERROR\] [A-Z]|BUILD FAILURE' "$s" | cut -c1-110
		g -E '^Caused by: ' "$s" | cut -c1-110
		g -E '^Apache Maven |^Java version: ' "$s" | cut -c1-60
	} | needles log-mvn-debug-plugin-unresolved

	# cargo, offline, for a crate that is not at hand.
	debcrate "$W/rs/semver"
	mkdir -p "$W/rs/offline/src" && cd "$W/rs/offline"
	printf '[package]\nname = "fetcher"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\nsemver = "1"\ntokio = { version = "1", features = ["full"] }\n' >Cargo.toml
	printf 'fn main() {}\n' >src/main.rs
	# $ cd fetcher && cargo build --offline
	CARGO_HOME=$W/cargo-home cargo build --offline >"$(o log-cargo-offline-missing-crate)" 2>&1 || true
	s=$(o log-cargo-offline-missing-crate)
	g -E '^(error|location|required by|As a reminder)' "$s" | cut -c1-100 | needles log-cargo-offline-missing-crate

	# $ cd semver && cargo metadata --format-version 1 --offline
	cd "$W/rs/semver"
	CARGO_HOME=$W/cargo-home cargo metadata --format-version 1 --offline >"$(o json-cargo-metadata-semver)" 2>&1
	s=$(o json-cargo-metadata-semver)
	{
		# cargo says what it locked on stderr, before the document
		g '^{' "$s" | jq -r '.packages[] | "\"name\":\"\(.name)\""'
		g '^{' "$s" | jq -r '.packages[] | .targets[] | "\"name\":\"\(.name)\""' | sort -u | first 12
		echo '"workspace_members":'
		echo '"resolve":'
	} | needles json-cargo-metadata-semver
}
