import java.io.IOException;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

public class OrdersClient {
  static final String ORDERS_URL =
      System.getenv().getOrDefault("ORDERS_URL", "http://orders:8080/orders");

  public static void main(String[] args) throws IOException {
    ConnectionConfig connect = ConnectionConfig.custom()
        .setConnectTimeout(Timeout.ofSeconds(1))
        .setSocketTimeout(Timeout.ofSeconds(1))
        .build();
    RequestConfig request =
        RequestConfig.custom().setResponseTimeout(Timeout.ofSeconds(1)).build();
    try (CloseableHttpClient client = HttpClients.custom()
        .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
            .setDefaultConnectionConfig(connect)
            .build())
        .setDefaultRequestConfig(request)
        .build()) {
      int status = client.execute(new HttpGet(ORDERS_URL), response -> response.getCode());
      System.out.println(status);
    } catch (IOException error) {
      System.out.println(error.getClass().getSimpleName());
    }
  }
}
