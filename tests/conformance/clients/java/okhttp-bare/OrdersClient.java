import java.io.IOException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public class OrdersClient {
  static final String ORDERS_URL =
      System.getenv().getOrDefault("ORDERS_URL", "http://orders:8080/orders");

  public static void main(String[] args) {
    OkHttpClient client = new OkHttpClient();
    Request request = new Request.Builder().url(ORDERS_URL).build();
    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
    } catch (IOException error) {
      System.out.println(error.getClass().getSimpleName());
    }
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
