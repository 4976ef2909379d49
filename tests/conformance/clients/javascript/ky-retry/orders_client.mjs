import ky from "ky";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

try {
  const response = await ky.get(ORDERS_URL, { retry: { limit: 2, delay: () => 10 }, timeout: 1000 });
  console.log(response.status);
} catch (error) {
  console.log(error.name);
}
