import os

import requests
import tenacity

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


@tenacity.retry
def fetch_orders():
    response = requests.get(ORDERS_URL, timeout=0.3)
    response.raise_for_status()
    return response.status_code


if __name__ == "__main__":
    print(fetch_orders())
