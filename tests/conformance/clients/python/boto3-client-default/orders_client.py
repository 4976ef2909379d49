import os

import boto3
from botocore.config import Config

ORDERS_URL = os.environ.get("ORDERS_URL", "http://orders:8080/orders")


def list_orders():
    client = boto3.client(
        "s3", region_name="us-east-1", endpoint_url=ORDERS_URL,
        config=Config(connect_timeout=0.3, read_timeout=0.3),
        aws_access_key_id="conformance", aws_secret_access_key="conformance")
    try:
        return client.list_buckets()
    except Exception as error:
        return type(error).__name__


if __name__ == "__main__":
    print(list_orders())
