terraform {
  required_version = ">= 1.5"
}

variable "environments" {
  type    = list(string)
  default = ["dev", "staging", "prod"]
}

variable "regions" {
  type    = list(string)
  default = ["eu-west-1", "eu-central-1", "us-east-1", "ap-southeast-2"]
}

locals {
  services = ["api", "worker", "scheduler", "gateway", "billing", "search"]
  cells = {
    for pair in setproduct(var.environments, var.regions, local.services) :
    "${pair[0]}-${pair[1]}-${pair[2]}" => {
      env     = pair[0]
      region  = pair[1]
      service = pair[2]
      replicas = pair[0] == "prod" ? 3 : 1
    }
  }
}

resource "terraform_data" "cell" {
  for_each = local.cells
  input    = each.value
}

resource "terraform_data" "release" {
  input = {
    version   = "2024.06.1"
    cells     = length(local.cells)
    checksum  = sha256(jsonencode(local.cells))
  }
  triggers_replace = [for k in sort(keys(local.cells)) : k if startswith(k, "prod-")]
}

output "cell_count" {
  value = length(local.cells)
}

output "prod_cells" {
  value = [for k, v in local.cells : k if v.env == "prod"]
}
