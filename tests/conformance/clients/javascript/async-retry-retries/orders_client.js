const retry = require("async-retry");

const ORDERS_URL = process.env.ORDERS_URL || "http://orders:8080/orders";

async function main() {
  try {
    const status = await retry(
      async () => {
        const response = await fetch(ORDERS_URL, { signal: AbortSignal.timeout(1000) });
        if (!response.ok) throw new Error(`orders answered ${response.status}`);
        return response.status;
      },
      { retries: 2, minTimeout: 10, factor: 1 },
    );
    console.log(status);
  } catch (error) {
    console.log(error.name);
  }
}

main();
