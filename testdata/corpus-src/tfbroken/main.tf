variable "replicas" {
  type    = number
  default = "three"
}

locals {
  names = ["api", "worker"]
  tags  = merge(var.common_tags, { owner = "platform" })
}

resource "terraform_data" "svc" {
  for_each = toset(local.names)
  input = {
    name     = each.key
    replicas = var.replica
    image    = "registry.example.com/${each.key}:${local.version}"
  }
  lifecycle {
    prevent_destroy = yes
  }
}

resource "terraform_data" "dns" {
  count = length(local.names)
  input = terraform_data.svc[count.index].output
  depends_on = [terraform_data.lb]
}

output "first" {
  value = terraform_data.svc.api.id
  sensitive = maybe
}
