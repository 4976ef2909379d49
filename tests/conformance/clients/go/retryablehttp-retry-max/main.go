// The orders client of checkout: a go-retryablehttp client with RetryMax set,
// short waits and a per-try timeout on the wrapped http.Client.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

func ordersURL() string {
	target := os.Getenv("ORDERS_URL")
	if target == "" {
		target = "http://orders:8080/orders"
	}
	return target
}

func newOrdersClient() *retryablehttp.Client {
	client := retryablehttp.NewClient()
	client.RetryMax = 2
	client.RetryWaitMin = 10 * time.Millisecond
	client.RetryWaitMax = 10 * time.Millisecond
	client.HTTPClient.Timeout = 300 * time.Millisecond
	client.Logger = nil
	return client
}

func main() {
	resp, err := newOrdersClient().Get(ordersURL())
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	fmt.Println(resp.StatusCode)
}
