import os

import httpx

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def fetch_orders():
    try:
        return httpx.get(ORDERS_URL).status_code
    except httpx.HTTPError as error:
        return type(error).__name__


if __name__ == "__main__":
    print(fetch_orders())
