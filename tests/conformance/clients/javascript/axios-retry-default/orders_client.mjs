import axios from "axios";
import axiosRetry from "axios-retry";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

axiosRetry(axios);

try {
  const response = await axios.get(ORDERS_URL, { timeout: 1000 });
  console.log(response.status);
} catch (error) {
  console.log(error.code || error.message);
}
