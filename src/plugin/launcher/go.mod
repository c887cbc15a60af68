module local/plugin-launcher

go 1.22
