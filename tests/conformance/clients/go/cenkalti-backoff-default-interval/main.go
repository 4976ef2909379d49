// The orders client of checkout: a net/http call wrapped in cenkalti/backoff
// v4's Retry, bounded by WithMaxRetries, with the exponential backoff's
// default intervals (500 ms first, x1.5, randomized by half).
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func ordersURL() string {
	target := os.Getenv("ORDERS_URL")
	if target == "" {
		target = "http://orders:8080/orders"
	}
	return target
}

func fetchOrders(client *http.Client) (int, error) {
	status := 0
	operation := func() error {
		resp, err := client.Get(ordersURL())
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		status = resp.StatusCode
		if status >= 500 {
			return fmt.Errorf("orders answered %s", resp.Status)
		}
		return nil
	}
	err := backoff.Retry(operation, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
	return status, err
}

func main() {
	client := &http.Client{Timeout: 300 * time.Millisecond}
	status, err := fetchOrders(client)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(status)
}
