import os

import backoff
import requests

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


@backoff.on_exception(backoff.constant, requests.RequestException, max_tries=3, interval=0.01)
def fetch_orders():
    response = requests.get(ORDERS_URL, timeout=0.3)
    response.raise_for_status()
    return response.status_code


if __name__ == "__main__":
    try:
        print(fetch_orders())
    except requests.RequestException as error:
        print(type(error).__name__)
