module checkout

go 1.19

require google.golang.org/grpc v1.33.3
