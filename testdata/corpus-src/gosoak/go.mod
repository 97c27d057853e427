module example.com/soak

go 1.22
