# Sourced by scripts/corpus.sh: cloud and cluster CLIs, offline: kubectl's
# client-side dry runs and kustomize, terraform with only its built-in
# provider, the AWS CLI's skeletons and gcloud's help. They run with scratch
# configuration directories, so that no account or credential of the machine
# is read.

section_cloud() {
	local s
	mkdir -p "$W/cloud/aws" "$W/cloud/gcloud" "$W/cloud/kube"
	export KUBECONFIG=$W/cloud/kube/config
	export AWS_CONFIG_FILE=$W/cloud/aws/config AWS_SHARED_CREDENTIALS_FILE=$W/cloud/aws/credentials AWS_DEFAULT_REGION=eu-west-1
	export CLOUDSDK_CONFIG=$W/cloud/gcloud CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK=1 CLOUDSDK_CORE_DISABLE_USAGE_REPORTING=1
	export TF_CLI_CONFIG_FILE=$W/cloud/terraformrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
	: >"$TF_CLI_CONFIG_FILE"
	cd "$W"

	# $ kubectl create deployment web --image=nginx:1.27 --replicas=3 --port=8080 --dry-run=client -o json
	kubectl create deployment web --image=nginx:1.27 --replicas=3 --port=8080 --dry-run=client -o json \
		>"$(o json-kubectl-deployment-dry-run)" 2>&1
	s=$(o json-kubectl-deployment-dry-run)
	{
		echo '"kind": "Deployment"'
		echo '"replicas": 3'
		echo '"image": "nginx:1.27"'
		echo '"containerPort": 8080'
	} | needles json-kubectl-deployment-dry-run

	# $ kubectl create deployment web --image=nginx:1.27 --replicas=3 --dry-run=client -o yaml
	kubectl create deployment web --image=nginx:1.27 --replicas=3 --dry-run=client -o yaml \
		>"$(o text-kubectl-deployment-yaml)" 2>&1
	g -E '^(kind|  name|  replicas|      - image):' "$(o text-kubectl-deployment-yaml)" | needles text-kubectl-deployment-yaml

	# $ kubectl create configmap gosrc-strings --from-file=/usr/local/go/src/strings --dry-run=client -o json
	kubectl create configmap gosrc-strings --from-file="$G/strings" --dry-run=client -o json \
		>"$(o json-kubectl-configmap-files)" 2>&1
	s=$(o json-kubectl-configmap-files)
	{
		echo '"kind": "ConfigMap"'
		echo '"name": "gosrc-strings"'
		jq -r '.data | keys[] | "\"\(.)\": "' "$s"
	} | needles json-kubectl-configmap-files

	# $ kubectl kustomize k8s
	kubectl kustomize "$W/src/k8s" >"$(o text-kubectl-kustomize)" 2>&1
	s=$(o text-kubectl-kustomize)
	{
		g -E '^kind: ' "$s" | sort -u
		g -E '^  name: ' "$s" | sort -u
		g -E "^# Warning: " "$s" | first 1
		g -E 'image: ' "$s" | sort -u
	} | needles text-kubectl-kustomize

	# terraform, with nothing but its built-in provider.
	cp -r "$W/src/tfok" "$W/cloud/tfok"
	cd "$W/cloud/tfok"
	# $ cd tfok && terraform init -no-color
	terraform init -no-color >"$(o log-terraform-init)" 2>&1
	g -E '^(Initializing|- |Terraform has been successfully)' "$(o log-terraform-init)" | needles log-terraform-init

	# $ cd tfok && terraform plan -no-color -out plan.bin
	terraform plan -no-color -out plan.bin >"$(o text-terraform-plan)" 2>&1
	s=$(o text-terraform-plan)
	{
		g -E '^Plan: ' "$s"
		g -E '^  # terraform_data\.' "$s" | $PY spread /dev/stdin . 16
		g -E '^  \+ (cell_count|prod_cells)' "$s"
		g -E '^Saved the plan to' "$s"
	} | needles text-terraform-plan

	# $ cd tfok && terraform show -json plan.bin
	terraform show -json plan.bin >"$(o json-terraform-show-plan)" 2>&1
	s=$(o json-terraform-show-plan)
	{
		jq -r 'keys[] | "\"\(.)\":"' "$s"
		jq -r '.resource_changes[].address | "\"address\":\(tojson)"' "$s" | $PY spread /dev/stdin . 12
		jq -r '.output_changes | keys[] | "\"\(.)\":"' "$s"
	} | needles json-terraform-show-plan

	cp -r "$W/src/tfbroken" "$W/cloud/tfbroken"
	cd "$W/cloud/tfbroken"
	terraform init -no-color >/dev/null 2>&1 || true # the errors are what validate shows
	# $ cd tfbroken && terraform validate -no-color
	terraform validate -no-color >"$(o log-terraform-validate-errors)" 2>&1 || true
	s=$(o log-terraform-validate-errors)
	{
		g -E '^Error: ' "$s" | sort -u
		g -E '^  on main.tf line [0-9]+' "$s"
	} | needles log-terraform-validate-errors

	# $ cd tfbroken && terraform validate -json
	terraform validate -json >"$(o json-terraform-validate)" 2>&1 || true
	s=$(o json-terraform-validate)
	{
		echo '"valid": false'
		jq -r '.diagnostics[].summary | "\"summary\": \"\(.)\""' "$s" | sort -u
		jq -r '.diagnostics[].range.start.line | "\"line\": \(.)"' "$s" | sort -u
	} | needles json-terraform-validate

	cd "$W"
	# $ aws ec2 describe-instances --generate-cli-skeleton output
	aws ec2 describe-instances --generate-cli-skeleton output >"$(o json-aws-skeleton-output)" 2>&1
	s=$(o json-aws-skeleton-output)
	jq -r '[paths(scalars) | map(tostring) | .[-1]] | unique[] | "\"\(.)\": "' "$s" | g -vE '^"[0-9]+": $' |
		$PY spread /dev/stdin . 24 | needles json-aws-skeleton-output

	# $ aws ec2 run-instances --generate-cli-skeleton input
	aws ec2 run-instances --generate-cli-skeleton input >"$(o json-aws-skeleton-input)" 2>&1
	s=$(o json-aws-skeleton-input)
	jq -r 'keys[] | "\"\(.)\": "' "$s" | $PY spread /dev/stdin . 24 | needles json-aws-skeleton-input

	# $ gcloud compute instances create --help
	gcloud compute instances create --help >"$(o outline-gcloud-help)" 2>&1
	s=$(o outline-gcloud-help)
	{
		# the headings and the flags, between the escapes that make them bold
		$PY segments "$s" '^[A-Z][A-Z ]+$' 4
		g -oE $'^     \e\\[1m--[a-z][a-z-]+' "$s" | sed 's/^.*\[1m//' | $PY spread /dev/stdin . 28
	} | needles outline-gcloud-help

	# $ gcloud version --format=json
	gcloud version --format=json >"$(o json-gcloud-version)" 2>&1
	jq -r 'keys[] | "\"\(.)\": "' "$(o json-gcloud-version)" | needles json-gcloud-version
}
