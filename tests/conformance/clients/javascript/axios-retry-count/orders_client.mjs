import axios from "axios";
import axiosRetry from "axios-retry";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

const client = axios.create({ timeout: 1000 });
axiosRetry(client, { retries: 2 });

try {
  const response = await client.get(ORDERS_URL);
  console.log(response.status);
} catch (error) {
  console.log(error.code || error.message);
}
