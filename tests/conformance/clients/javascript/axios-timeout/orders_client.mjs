import axios from "axios";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

try {
  const response = await axios.get(ORDERS_URL, { timeout: 1000 });
  console.log(response.status);
} catch (error) {
  console.log(error.code || error.message);
}
