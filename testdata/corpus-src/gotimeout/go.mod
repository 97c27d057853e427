module example.com/drain

go 1.22
