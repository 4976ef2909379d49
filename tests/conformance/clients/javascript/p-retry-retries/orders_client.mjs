import pRetry from "p-retry";

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

async function fetchOrders() {
  const response = await fetch(ORDERS_URL, { signal: AbortSignal.timeout(1000) });
  if (!response.ok) throw new Error(`orders answered ${response.status}`);
  return response.status;
}

try {
  console.log(await pRetry(fetchOrders, { retries: 2, minTimeout: 10, factor: 1 }));
} catch (error) {
  console.log(error.name);
}
