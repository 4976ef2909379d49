import java.io.IOException;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;

public class OrdersClient {
  static final String ORDERS_URL =
      System.getenv().getOrDefault("ORDERS_URL", "http://orders:8080/orders");

  public static void main(String[] args) throws IOException {
    RequestConfig timeouts =
        RequestConfig.custom().setConnectTimeout(1000).setSocketTimeout(1000).build();
    try (CloseableHttpClient client =
        HttpClients.custom().setDefaultRequestConfig(timeouts).build()) {
      try (CloseableHttpResponse response = client.execute(new HttpGet(ORDERS_URL))) {
        System.out.println(response.getStatusLine().getStatusCode());
      } catch (IOException error) {
        System.out.println(error.getClass().getSimpleName());
      }
    }
  }
}
