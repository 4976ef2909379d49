import got from "got";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

try {
  const response = await got.get(ORDERS_URL, { timeout: { request: 1000 } });
  console.log(response.statusCode);
} catch (error) {
  console.log(error.code || error.message);
}
