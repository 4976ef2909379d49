// The orders client of checkout: a net/http call wrapped in cenkalti/backoff
// v4's Retry with an exponential backoff and no WithMaxRetries, so only the
// backoff's MaxElapsedTime (15 minutes) stops it.
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
	policy := backoff.NewExponentialBackOff()
	policy.InitialInterval = 10 * time.Millisecond
	policy.MaxInterval = 20 * time.Millisecond
	err := backoff.Retry(operation, policy)
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
