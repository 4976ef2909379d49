import os

import urllib3

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def fetch_orders():
    http = urllib3.PoolManager(timeout=urllib3.Timeout(total=0.3))
    try:
        return http.request("GET", ORDERS_URL).status
    except urllib3.exceptions.HTTPError as error:
        return type(error).__name__


if __name__ == "__main__":
    print(fetch_orders())
