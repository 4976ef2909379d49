import os

import requests
from tenacity import retry, stop_after_attempt, wait_fixed

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


@retry(stop=stop_after_attempt(3), wait=wait_fixed(0.01))
def fetch_orders():
    response = requests.get(ORDERS_URL, timeout=0.3)
    response.raise_for_status()
    return response.status_code


if __name__ == "__main__":
    try:
        print(fetch_orders())
    except Exception as error:
        print(type(error).__name__)
