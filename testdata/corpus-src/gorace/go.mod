module example.com/metrics

go 1.22
