import os

import urllib3
from urllib3.util.retry import Retry

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def fetch_orders():
    pool = urllib3.PoolManager(retries=Retry(status_forcelist=[500, 503]))
    try:
        return pool.request("GET", ORDERS_URL, timeout=urllib3.Timeout(connect=0.3, read=0.2)).status
    except urllib3.exceptions.HTTPError as error:
        return type(error).__name__


if __name__ == "__main__":
    print(fetch_orders())
