// The orders client of checkout: a plain net/http client with a timeout and
// no retry around it.
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func ordersURL() string {
	target := os.Getenv("ORDERS_URL")
	if target == "" {
		target = "http://orders:8080/orders"
	}
	return target
}

func fetchOrders(client *http.Client) (int, error) {
	resp, err := client.Get(ordersURL())
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
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
