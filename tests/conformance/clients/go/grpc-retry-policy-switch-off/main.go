// The orders client of checkout: a grpc-go channel whose default service
// config retries UNAVAILABLE calls to shop.orders.v1.Orders, and a deadline
// on each call.
package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/golang/protobuf/ptypes/empty"
	"google.golang.org/grpc"
)

// OrdersClient is the client of shop.orders.v1.Orders, written the way
// protoc-gen-go-grpc writes one.
type OrdersClient interface {
	ListOrders(ctx context.Context, in *empty.Empty, opts ...grpc.CallOption) (*empty.Empty, error)
}

type ordersClient struct {
	cc grpc.ClientConnInterface
}

func NewOrdersClient(cc grpc.ClientConnInterface) OrdersClient {
	return &ordersClient{cc}
}

func (c *ordersClient) ListOrders(ctx context.Context, in *empty.Empty, opts ...grpc.CallOption) (*empty.Empty, error) {
	out := new(empty.Empty)
	err := c.cc.Invoke(ctx, "/shop.orders.v1.Orders/ListOrders", in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ordersAddress is host:port of ORDERS_URL.
func ordersAddress() string {
	target := os.Getenv("ORDERS_URL")
	if target == "" {
		target = "grpc://orders:8080"
	}
	parsed, err := url.Parse(target)
	if err != nil {
		return target
	}
	return parsed.Host
}

func dialOrders() (*grpc.ClientConn, error) {
	return grpc.Dial(ordersAddress(), grpc.WithInsecure(),
		grpc.WithDefaultServiceConfig(`{
		  "methodConfig": [{
		    "name": [{"service": "shop.orders.v1.Orders"}],
		    "retryPolicy": {
		      "maxAttempts": 3,
		      "initialBackoff": "0.01s",
		      "maxBackoff": "0.01s",
		      "backoffMultiplier": 1,
		      "retryableStatusCodes": ["UNAVAILABLE"]
		    }
		  }]}`))
}

func listOrders(client OrdersClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := client.ListOrders(ctx, &empty.Empty{})
	return err
}

func main() {
	conn, err := dialOrders()
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	defer conn.Close()
	if err := listOrders(NewOrdersClient(conn)); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println("ok")
}
