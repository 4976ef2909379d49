import os

import requests
from requests.adapters import HTTPAdapter

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def fetch_orders():
    session = requests.Session()
    session.mount("http://", HTTPAdapter(max_retries=2))
    try:
        return session.get(ORDERS_URL, timeout=0.3).status_code
    except requests.RequestException as error:
        return type(error).__name__


if __name__ == "__main__":
    print(fetch_orders())
