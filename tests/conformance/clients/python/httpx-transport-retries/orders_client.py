import os

import httpx

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def fetch_orders():
    transport = httpx.HTTPTransport(retries=2)
    with httpx.Client(transport=transport, timeout=0.3) as client:
        try:
            return client.get(ORDERS_URL).status_code
        except httpx.HTTPError as error:
            return type(error).__name__


if __name__ == "__main__":
    print(fetch_orders())
