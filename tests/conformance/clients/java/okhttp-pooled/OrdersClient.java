import java.io.IOException;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public class OrdersClient {
  static final String ORDERS_URL =
      System.getenv().getOrDefault("ORDERS_URL", "http://orders:8080/orders");

  static String fetch(OkHttpClient client, Request request) {
    try (Response response = client.newCall(request).execute()) {
      return response.code() + " " + response.body().string();
    } catch (IOException error) {
      return error.getClass().getSimpleName();
    }
  }

  public static void main(String[] args) {
    OkHttpClient client = new OkHttpClient.Builder()
        .connectTimeout(1, TimeUnit.SECONDS)
        .readTimeout(1, TimeUnit.SECONDS)
        .build();
    Request request = new Request.Builder().url(ORDERS_URL).build();
    // The first call leaves its connection in the pool; the second reuses it.
    System.out.println(fetch(client, request));
    System.out.println(fetch(client, request));
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
