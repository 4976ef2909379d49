import java.io.IOException
import org.apache.hc.client5.http.classic.methods.HttpGet
import org.apache.hc.client5.http.config.ConnectionConfig
import org.apache.hc.client5.http.config.RequestConfig
import org.apache.hc.client5.http.impl.classic.HttpClients
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder
import org.apache.hc.core5.http.io.HttpClientResponseHandler
import org.apache.hc.core5.util.Timeout

val ORDERS_URL: String = System.getenv("ORDERS_URL") ?: "http://orders:8080/orders"

fun main() {
    val connect = ConnectionConfig.custom()
        .setConnectTimeout(Timeout.ofSeconds(1))
        .setSocketTimeout(Timeout.ofSeconds(1))
        .build()
    val request = RequestConfig.custom().setResponseTimeout(Timeout.ofSeconds(1)).build()
    try {
        HttpClients.custom()
            .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                .setDefaultConnectionConfig(connect)
                .build())
            .setDefaultRequestConfig(request)
            .build()
            .use { client ->
                val status = client.execute(HttpGet(ORDERS_URL),
                    HttpClientResponseHandler { response -> response.code })
                println(status)
            }
    } catch (error: IOException) {
        println(error.javaClass.simpleName)
    }
}
